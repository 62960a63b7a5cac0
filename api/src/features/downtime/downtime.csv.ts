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

/** About how much text `csvStream` gathers before handing it to the reply (characters). */
const STREAM_CHUNK = 64 * 1024;

/**
 * The same file as `toCsv`, as the rows arrive (a stream for the reply: constant memory). Lines are handed on in chunks
 * of about 64 kB rather than one by one: a line per chunk would make the reply write (and frame, in chunked encoding)
 * each row on its own, and a year of downtime is thousands of rows.
 */
export function csvStream(header: string[], rows: AsyncIterable<CsvCell[]>): Readable {
  return Readable.from(
    (async function* chunks() {
      let text = `\uFEFF${header.map(csvCell).join(';')}\r\n`;
      for await (const cells of rows) {
        text += `${cells.map(csvCell).join(';')}\r\n`;
        if (text.length >= STREAM_CHUNK) {
          yield text;
          text = '';
        }
      }
      yield text;
    })(),
    { objectMode: false },
  );
}
