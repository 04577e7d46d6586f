import { Injectable, StreamableFile } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { UsersService } from '../auth/users.service';
import { BillingService } from '../billing/billing.service';
import { SitesService } from '../sites/sites.service';
import { PROGRESSION_STEPS } from '../sites/site.entity';
import { shortDate } from '../common/format';
import { csvAmount, csvDateTime, csvStream } from './csv';
import { INVOICE_STATUS_LABELS, ROLE_LABELS, SITE_STATUS_LABELS, SITE_TYPE_LABELS } from '@vitrine/domain';

/** The admin's CSV exports, streamed a batch at a time from the owning modules' services. */
@Injectable()
export class AdminExportsService {
  constructor(
    private readonly sitesService: SitesService,
    private readonly usersService: UsersService,
    private readonly billingService: BillingService,
  ) {}

  sites(): StreamableFile {
    const header = [
      'Identifiant',
      'Nom du site',
      'Domaine',
      'Statut',
      'Formule',
      'Client',
      'Email du client',
      'Avancement (%)',
      'Créé le',
      'Modifié le',
    ];
    return file(
      'sites',
      csvStream(header, this.sitesService.exportBatches(), ({ site, owner }) => [
        site.id,
        site.siteName,
        site.domain,
        SITE_STATUS_LABELS[site.status],
        SITE_TYPE_LABELS[site.type],
        ownerName(owner),
        ownerEmail(owner),
        Math.round((PROGRESSION_STEPS.filter((step) => site.progression[step]).length / PROGRESSION_STEPS.length) * 100),
        csvDateTime(site.createdAt),
        csvDateTime(site.updatedAt),
      ]),
    );
  }

  clients(): StreamableFile {
    const header = ['Identifiant', 'Nom', 'Email', 'Rôle', 'Inscrit le'];
    return file(
      'clients',
      csvStream(header, this.usersService.exportBatches(), (user) => [
        user.id,
        ownerName(user),
        ownerEmail(user),
        ROLE_LABELS[user.role],
        csvDateTime(user.createdAt),
      ]),
    );
  }

  invoices(): StreamableFile {
    const header = [
      'Numéro',
      'Date',
      'Montant (€)',
      'Devise',
      'Statut',
      'Description',
      'Client',
      'Email du client',
      'Identifiant Stripe',
      'Lien',
    ];
    return file(
      'factures',
      csvStream(header, this.billingService.exportBatches(), (invoice) => [
        invoice.number,
        csvDateTime(invoice.date),
        csvAmount(invoice.amountCents),
        invoice.currency.toUpperCase(),
        INVOICE_STATUS_LABELS[invoice.status] ?? INVOICE_STATUS_LABELS.failed,
        invoice.description,
        invoice.owner && ownerName(invoice.owner),
        invoice.owner && ownerEmail(invoice.owner),
        invoice.id,
        invoice.hostedUrl,
      ]),
    );
  }
}

/** A closed account is named so, never by its old name; its address is gone. */
const ownerName = (o: { name: string; closedAt?: Date | null }) => (o.closedAt ? `Compte fermé le ${shortDate(o.closedAt)}` : o.name);
const ownerEmail = (o: { email: string; closedAt?: Date | null }) => (o.closedAt ? '' : o.email);

function file(name: string, stream: Readable): StreamableFile {
  const day = new Date().toISOString().slice(0, 10);
  return new StreamableFile(stream, { type: 'text/csv; charset=utf-8', disposition: `attachment; filename="vitrine-${name}-${day}.csv"` });
}
