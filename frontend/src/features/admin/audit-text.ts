import type { AuditAction, AuditEntryDto, SiteStatus } from '../../api/generated/model';
import { formatDateTime, formatDuration } from '../../lib/format';
import { PROGRESSION_STEPS, SITE_STATUS_LABELS } from '../../lib/site-status';
import { AGENCY_FIELD_LABELS, type AgencySettingsField } from './agency-settings-fields';

/** What each audited admin write is called in the audit log. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'site.update': 'Modification du site',
  'user.email': 'E-mail au client',
  'email.retry': "Nouvel envoi d'un e-mail",
  'user.invite': 'Invitation de première connexion',
  'agency.update': "Paramètres de l'agence",
  'user.view': 'Consultation de l’espace du client',
  'user.view_end': 'Fin de la consultation de l’espace du client',
  'user.close': 'Fermeture du compte',
  'api_key.create': "Création d'une clé d'API",
  'api_key.revoke': "Révocation d'une clé d'API",
  'webhook_endpoint.create': "Ajout d'une adresse de webhook",
  'webhook_endpoint.update': "Modification d'une adresse de webhook",
  'webhook_endpoint.delete': "Suppression d'une adresse de webhook",
  'webhook_endpoint.rotate_secret': "Nouveau secret de signature d'un webhook",
  'webhook_endpoint.disable': 'Webhook désactivé après une journée d’échecs',
  'webhook_delivery.resend': "Nouvel envoi d'un événement de webhook",
  'legal_invoice.correct': "Correction d'une facture (avoir et facture rectificative)",
  'site.withdrawal': 'Rétractation du client (consommateur, 14 jours)',
};

/**
 * Who made an audited write: the admin's e-mail, or, for a write made with an API key (an integrator's tool, not a
 * person), 'via la clé « CRM » (vk_live_0123456789ab…)'.
 */
export function describeAuditActor(entry: Pick<AuditEntryDto, 'actorEmail' | 'apiKey'>): string {
  if (entry.apiKey) return `via la clé « ${entry.apiKey.name} » (${entry.apiKey.prefix}…)`;
  return entry.actorEmail ?? '—';
}

const AUDIT_FIELDS: Record<string, string> = { domain: 'Domaine', status: 'Statut' };

/** One line per change of an audit entry: 'Statut : En attente → Actif', 'Design OK : coché'. */
export function describeSiteChange(entry: Pick<AuditEntryDto, 'before' | 'after'>): string[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const lines: string[] = [];
  const show = (field: string, value: unknown) =>
    value === null || value === undefined || value === ''
      ? 'aucun'
      : field === 'status'
        ? (SITE_STATUS_LABELS[value as SiteStatus] ?? String(value))
        : String(value);
  for (const field of Object.keys(AUDIT_FIELDS)) {
    if (field in after) lines.push(`${AUDIT_FIELDS[field]} : ${show(field, before[field])} → ${show(field, after[field])}`);
  }
  if (after.subscriptionEnded === true) lines.push('Abonnement terminé : remise en ligne confirmée');
  const was = (before.progression ?? {}) as Record<string, boolean>;
  const now = (after.progression ?? {}) as Record<string, boolean>;
  for (const step of PROGRESSION_STEPS) {
    if (step.key in now && now[step.key] !== was[step.key]) lines.push(`${step.label} : ${now[step.key] ? 'coché' : 'décoché'}`);
  }
  return lines;
}

/** One line per changed setting of the agency: 'Téléphone : 01 99 00 24 24 → 03 20 12 34 56'. */
export function describeAgencyChange(entry: Pick<AuditEntryDto, 'before' | 'after'>): string[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  return Object.keys(after).map(
    (field) =>
      `${AGENCY_FIELD_LABELS[field as AgencySettingsField] ?? field} : ${String(before[field] ?? 'aucun')} → ${String(after[field])}`,
  );
}

/** The details of any audit entry, one line each. */
export function describeAuditEntry(entry: Pick<AuditEntryDto, 'action' | 'before' | 'after'>): string[] {
  if (entry.action === 'site.update') return describeSiteChange(entry);
  if (entry.action === 'agency.update') return describeAgencyChange(entry);
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (entry.action === 'user.email' && typeof after.subject === 'string') return [`Objet : ${after.subject}`];
  if (entry.action === 'user.view' && typeof after.expiresAt === 'string')
    return [`Lecture seule, jusqu’au ${formatDateTime(after.expiresAt)} au plus`];
  if (entry.action === 'user.view_end' && typeof after.durationSeconds === 'number')
    return [`Durée : ${formatDuration(after.durationSeconds)}`];
  if (entry.action === 'api_key.create') {
    const lines = [`Clé : ${String(after.name)} (${String(after.prefix)})`];
    if (Array.isArray(after.scopes)) lines.push(`Portées : ${after.scopes.join(', ')}`);
    lines.push(typeof after.expiresAt === 'string' ? `Expire le ${formatDateTime(after.expiresAt)}` : 'Sans expiration');
    return lines;
  }
  if (entry.action === 'webhook_endpoint.create' || entry.action === 'webhook_endpoint.update') {
    const lines: string[] = [];
    if (typeof after.url === 'string') lines.push(`Adresse : ${after.url}`);
    if (Array.isArray(after.events)) lines.push(`Événements : ${after.events.join(', ')}`);
    if (typeof after.enabled === 'boolean') lines.push(after.enabled ? 'Activée' : 'Désactivée');
    return lines;
  }
  if (entry.action === 'legal_invoice.correct') {
    const before = (entry.before ?? {}) as Record<string, unknown>;
    const lines = [
      `Facture ${String(before.number)} annulée par l’avoir ${String(after.creditNote)}, remplacée par la facture ${String(after.invoice)}`,
    ];
    if (typeof after.reason === 'string') lines.push(`Motif : ${after.reason}`);
    return lines;
  }
  if (entry.action === 'user.close') {
    const lines: string[] = [];
    if (typeof after.reason === 'string') lines.push(`Motif : ${after.reason}`);
    if (after.cancellation === 'now') lines.push('Abonnements résiliés tout de suite');
    if (after.cancellation === 'period_end') lines.push('Abonnements résiliés à la fin de la période payée');
    return lines;
  }
  return [];
}
