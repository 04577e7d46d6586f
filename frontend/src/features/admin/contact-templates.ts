/**
 * The admin's contact form templates (signed-in areas spec §2): site ready, onboarding welcome, custom. Each prefills
 * a French subject and a body greeting the client by name (the e-mail when the account has no name).
 */
export const CONTACT_TEMPLATES = ['site-ready', 'welcome', 'custom'] as const;
export type ContactTemplate = (typeof CONTACT_TEMPLATES)[number];

export const CONTACT_TEMPLATE_LABELS: Record<ContactTemplate, string> = {
  'site-ready': 'Site prêt',
  welcome: 'Bienvenue (onboarding)',
  custom: 'Message personnalisé',
};

export interface ContactContext {
  client: { name: string; email: string };
  /** The site the message is about (site ready): the client's first active site, else its newest */
  site?: { siteName: string; domain: string | null } | null;
  /** Who signs: the agency's name (GET /api/agency) */
  agencyName: string;
}

/** The client's sites, newest first: the one a 'site ready' message is about. */
export function siteForMessage<T extends { status: string }>(sites: readonly T[]): T | null {
  return sites.find((s) => s.status === 'active') ?? sites[0] ?? null;
}

export function contactTemplate(
  template: ContactTemplate,
  { client, site, agencyName }: ContactContext,
): { subject: string; message: string } {
  const name = client.name.trim() || client.email;
  const greeting = `Bonjour ${name},`;
  const signature = `À très bientôt,\nL'équipe ${agencyName}`;
  switch (template) {
    case 'site-ready': {
      const siteName = site?.siteName.trim();
      const where = site?.domain ? ` à l'adresse ${site.domain}` : '';
      return {
        subject: siteName ? `Votre site ${siteName} est en ligne !` : 'Votre site est en ligne !',
        message: `${greeting}\n\nBonne nouvelle : votre site${siteName ? ` ${siteName}` : ''} est prêt et en ligne${where}.\n\nVous pouvez le découvrir dès maintenant et suivre votre abonnement depuis votre espace client. Une modification à faire ? Envoyez-nous une demande depuis la page de votre site, nous vous répondons sous 24 à 48 h.\n\n${signature}`,
      };
    }
    case 'welcome':
      return {
        subject: `Bienvenue chez ${agencyName} !`,
        message: `${greeting}\n\nMerci pour votre confiance et bienvenue chez ${agencyName} ! Notre équipe commence la création de votre site : vous suivez chaque étape depuis votre espace client.\n\nPour aller plus vite, préparez votre logo, vos photos et vos textes de présentation ; répondez simplement à cet e-mail pour nous les envoyer ou pour toute question.\n\n${signature}`,
      };
    case 'custom':
      return { subject: '', message: `${greeting}\n\n\n\n${signature}` };
  }
}
