import { BadRequestException, Injectable, StreamableFile } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import { ZipFile } from 'yazl';
import { InvoicingService } from '../invoicing/invoicing.service';
import { frenchDate, KIND_TITLE } from '../invoicing/legal-document';
import { csvAmount, csvLine, CSV_BOM } from './csv';

/** At most this many days in one export (a year and a bit: the accountant's year end). */
const MAX_DAYS = 400;

/** Midnight in Paris of a 'YYYY-MM-DD' day, as an instant. */
export function parisMidnight(day: string): Date {
  const utc = new Date(`${day}T00:00:00Z`);
  // The offset of Paris at that moment (+1 h in winter, +2 h in summer).
  const paris = new Date(utc.toLocaleString('en-US', { timeZone: 'Europe/Paris' }));
  const offset = paris.getTime() - new Date(utc.toLocaleString('en-US', { timeZone: 'UTC' })).getTime();
  return new Date(utc.getTime() - offset);
}

export const JOURNAL_HEADER = [
  'Date',
  'Numéro',
  'Type',
  'Facture corrigée',
  'Client',
  'SIREN du client',
  'Montant HT (€)',
  'TVA (€)',
  'Montant TTC (€)',
  'Date de paiement',
];

/**
 * The accountant's export of a period: a ZIP (yazl) with each invoice's and credit note's Factur-X file and the sales
 * journal, `journal-des-ventes.csv` (UTF-8 with BOM, `;`, CRLF, decimal commas, like the other CSV exports; a credit
 * note's amounts negative). Streamed: documents are read a batch at a time and added as they come.
 */
@Injectable()
export class AccountingExport {
  constructor(private readonly invoicing: InvoicingService) {}

  zip(fromDay: string, toDay: string): StreamableFile {
    if (toDay < fromDay)
      throw new BadRequestException({ message: 'Période invalide', errors: { to: 'La date de fin précède la date de début' } });
    const from = parisMidnight(fromDay);
    const end = new Date(`${toDay}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    const to = parisMidnight(end.toISOString().slice(0, 10));
    if ((to.getTime() - from.getTime()) / 86_400_000 > MAX_DAYS + 1)
      throw new BadRequestException({ message: 'Période trop longue', errors: { to: `Une période de ${MAX_DAYS} jours au plus` } });
    const zip = new ZipFile();
    const out = new PassThrough();
    zip.outputStream.pipe(out);
    const fill = async () => {
      const journal: string[] = [CSV_BOM + csvLine(JOURNAL_HEADER)];
      for await (const batch of this.invoicing.exportBatches({ from, to })) {
        for (const doc of batch) {
          const d = doc.document;
          const sign = d.kind === 'credit_note' ? -1 : 1;
          const folder = d.kind === 'invoice' ? 'factures' : 'avoirs';
          zip.addBuffer(doc.bytes, `${folder}/${d.number}.pdf`, { mtime: doc.issuedAt, compress: false });
          journal.push(
            csvLine([
              frenchDate(d.issueDate),
              d.number,
              KIND_TITLE[d.kind],
              d.credited?.number ?? '',
              doc.buyerName,
              d.buyer.type === 'company' ? (d.buyer.siren ?? '') : '',
              csvAmount(sign * d.totals.exclCents),
              csvAmount(sign * d.totals.vatCents),
              csvAmount(sign * d.totals.inclCents),
              d.paymentDate ? frenchDate(d.paymentDate) : '',
            ]),
          );
        }
      }
      zip.addBuffer(Buffer.from(journal.join(''), 'utf8'), 'journal-des-ventes.csv');
      zip.end();
    };
    fill().catch((error: unknown) => out.destroy(error as Error));
    return new StreamableFile(out, {
      type: 'application/zip',
      disposition: `attachment; filename="vitrine-comptabilite-${fromDay}-${toDay}.zip"`,
    });
  }
}
