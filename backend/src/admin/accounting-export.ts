import { BadRequestException, Injectable, StreamableFile } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import { ZipFile } from 'yazl';
import { InvoicingService } from '../invoicing/invoicing.service';
import { FecWriter, fecFileName, JOURNAL_HEADER, journalRows } from './bookkeeping';
import { csvLine, CSV_BOM } from './csv';

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

/** A period of days (both included, Paris time) as instants [from, to); a reversed or too long one: a French 400. */
export function periodOf(fromDay: string, toDay: string): { from: Date; to: Date } {
  if (toDay < fromDay)
    throw new BadRequestException({ message: 'Période invalide', errors: { to: 'La date de fin précède la date de début' } });
  const from = parisMidnight(fromDay);
  const end = new Date(`${toDay}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const to = parisMidnight(end.toISOString().slice(0, 10));
  if ((to.getTime() - from.getTime()) / 86_400_000 > MAX_DAYS + 1)
    throw new BadRequestException({ message: 'Période trop longue', errors: { to: `Une période de ${MAX_DAYS} jours au plus` } });
  return { from, to };
}

/**
 * The accountant's exports of a period (documents issued in it):
 * - a ZIP (yazl) with each invoice's and credit note's Factur-X file, the sales journal, `journal-des-ventes.csv`
 *   (UTF-8 with BOM, `;`, CRLF, decimal commas, like the other CSV exports; one row per VAT rate of each document, a
 *   credit note's amounts negative), and the FEC (`SIRENFECAAAAMMJJ.txt`). Streamed: documents are read a batch at a
 *   time and added as they come;
 * - the FEC alone (admin/bookkeeping.ts).
 */
@Injectable()
export class AccountingExport {
  constructor(private readonly invoicing: InvoicingService) {}

  zip(fromDay: string, toDay: string): StreamableFile {
    const range = periodOf(fromDay, toDay);
    const zip = new ZipFile();
    const out = new PassThrough();
    zip.outputStream.pipe(out);
    const fill = async () => {
      const journal: string[] = [CSV_BOM + csvLine(JOURNAL_HEADER)];
      const fec = new FecWriter();
      for await (const batch of this.invoicing.exportBatches(range)) {
        for (const doc of batch) {
          const d = doc.document;
          const folder = d.kind === 'invoice' ? 'factures' : 'avoirs';
          zip.addBuffer(doc.bytes, `${folder}/${d.number}.pdf`, { mtime: doc.issuedAt, compress: false });
          for (const row of journalRows(doc)) journal.push(csvLine(row));
          fec.add(doc);
        }
      }
      zip.addBuffer(Buffer.from(journal.join(''), 'utf8'), 'journal-des-ventes.csv');
      zip.addBuffer(fec.bytes(), fecFileName((await this.invoicing.currentSeller()).siren, toDay));
      zip.end();
    };
    fill().catch((error: unknown) => out.destroy(error as Error));
    return new StreamableFile(out, {
      type: 'application/zip',
      disposition: `attachment; filename="vitrine-comptabilite-${fromDay}-${toDay}.zip"`,
    });
  }

  /** The FEC of a period, named after the agency's SIREN and the period's last day. */
  async fec(fromDay: string, toDay: string): Promise<StreamableFile> {
    const range = periodOf(fromDay, toDay);
    const fec = new FecWriter();
    for await (const batch of this.invoicing.documentBatches(range)) for (const doc of batch) fec.add(doc);
    const bytes = fec.bytes();
    return new StreamableFile(bytes, {
      type: 'text/plain; charset=iso-8859-15',
      disposition: `attachment; filename="${fecFileName((await this.invoicing.currentSeller()).siren, toDay)}"`,
      length: bytes.length,
    });
  }
}
