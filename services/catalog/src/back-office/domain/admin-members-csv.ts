import { Readable } from 'node:stream';

export type CsvCell = string | number | boolean | Date | null;

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (`=HYPERLINK(…)` in a name typed
 * at the checkout). Such text gets a leading apostrophe, which spreadsheets show as plain text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The header, then one line per row as the rows arrive: the file is never held whole in memory. */
export function csvStream<T>(
  header: readonly string[],
  rows: AsyncIterable<T[]>,
  toCells: (row: T) => CsvCell[],
): Readable {
  async function* lines() {
    yield csvLine(header);
    for await (const batch of rows) {
      yield batch.map((row) => csvLine(toCells(row))).join('');
    }
  }
  return Readable.from(lines());
}
