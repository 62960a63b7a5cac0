import { Readable } from 'node:stream';
/**
 * CSV for Excel: semicolon-separated (part 9), CRLF line ends, UTF-8 with a byte order mark so Excel reads umlauts.
 * Text cells are neutralised against formula injection: a cell starting with = + - @ (or a tab / carriage return,
 * which Excel strips before looking) gets a leading apostrophe, so a spreadsheet shows it as text instead of running
 * it. Cells with a separator, a quote or a line break are quoted, quotes doubled.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

export type CsvCell = string | number | null | undefined;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvCell[][]): Buffer {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(';'));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The same file as `toCsv`, line by line as the rows arrive (a stream for the reply: constant memory). */
export function csvStream(header: string[], rows: AsyncIterable<CsvCell[]>): Readable {
  return Readable.from(
    (async function* lines() {
      yield `\uFEFF${header.map(csvCell).join(';')}\r\n`;
      for await (const cells of rows) yield `${cells.map(csvCell).join(';')}\r\n`;
    })(),
    { objectMode: false },
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY, the downtime history's date format (part 9). */
export const historyDate = (isoDate: string) => `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}`;

/** MM/DD/YYYY HH:mm in UTC (the portal keeps no plant time zone). */
export const historyDateTime = (iso: string) => {
  const at = new Date(iso);
  return `${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}/${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
};
