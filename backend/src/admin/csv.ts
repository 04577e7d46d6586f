import { Readable } from 'node:stream';

/**
 * CSV for French Excel: UTF-8 with a byte-order mark (else Excel reads Latin-1), `;` between fields (`,` is the
 * decimal separator), CRLF line ends. A field holding `;`, a quote, a line break or edge spaces is quoted, its quotes
 * doubled (RFC 4180). A text starting with = + - @ (or a tab / carriage return) is prefixed with an apostrophe so a
 * spreadsheet never runs it as a formula (OWASP's CSV injection advice), unless it is a plain negative amount
 * ('-29,00'); numbers are written as they are.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

export type CsvCell = string | number | null | undefined;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value) : value;
  // A negative amount ('-29,00', a credit note's) is a number, not a formula: kept as it is.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+(,\d+)?$/.test(text)) text = `'${text}`;
  return /[;"\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: CsvCell[]): string {
  return `${values.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}

/**
 * A CSV file as a stream: the BOM and the header, then each batch's lines as the batch arrives. Batches are pulled
 * only as fast as the client reads (Readable.from follows back-pressure), so one batch at most sits in memory.
 */
export function csvStream<T>(header: string[], batches: AsyncIterable<T[]>, row: (item: T) => CsvCell[]): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(CSV_BOM + csvLine(header), 'utf8');
    for await (const batch of batches) yield Buffer.from(batch.map((item) => csvLine(row(item))).join(''), 'utf8');
  }
  return Readable.from(chunks(), { objectMode: false });
}

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const decimalComma = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** '21/11/2026 14:08', Paris time: what French Excel reads as a date. */
export const csvDateTime = (date: Date) => parisDateTime.format(date).replace(',', '');
/** 2900 → '29,00' (no currency sign, no grouping: French Excel reads a number); zero is '0,00', never '-0,00'. */
export const csvAmount = (cents: number) => decimalComma.format(cents === 0 ? 0 : cents / 100);
