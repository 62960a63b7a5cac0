import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvStream, type CsvCell } from '../features/downtime/downtime.csv.js';
import { ruleViolation, type Message } from './problem.js';

/** The file types of a list's export (the contract's `ExportFormat`). */
export type ExportFormat = 'csv' | 'xlsx';

/** The most rows one list export carries (the contract's `ListExport`). */
export const LIST_EXPORT_MAX_ROWS = 100_000;

/** How many rows a list export reads from PostgreSQL at a time (a cursor): the list never sits in memory whole. */
export const EXPORT_BATCH = 2000;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ListFile {
  filename: string;
  contentType: string;
  body: Readable;
}

/** "The list has … rows", one message per kind of row, since each language words the rows differently. */
const TOO_LONG = {
  invoices: /*i18n*/ { id: 'problem.export.tooLong.invoices', message: 'The list has {count} invoices; an export carries at most {max}. Export a shorter list.' },
  orders: /*i18n*/ { id: 'problem.export.tooLong.orders', message: 'The list has {count} orders; an export carries at most {max}. Export a shorter list.' },
  'stock rows': /*i18n*/ { id: 'problem.export.tooLong.stockRows', message: 'The list has {count} stock rows; an export carries at most {max}. Export a shorter list.' },
} satisfies Record<string, Message>;

/**
 * 400 `maxRows` before anything is read when the list is longer than an export may be: a file cut off silently would
 * look complete. `what` names the rows in the message ('orders').
 */
export function checkExportSize(count: number, what: keyof typeof TOO_LONG, field = 'format') {
  if (count > LIST_EXPORT_MAX_ROWS) {
    throw ruleViolation(field, 'maxRows', TOO_LONG[what], { count, max: LIST_EXPORT_MAX_ROWS }, LIST_EXPORT_MAX_ROWS);
  }
}

/**
 * An XLSX workbook of one sheet, written as the rows arrive: exceljs's streaming writer commits each row into the zip
 * stream, so memory stays flat whatever the length. Inline strings (no shared-string table) keep nothing per row.
 * Numbers stay numbers; dates arrive as ISO 8601 text, as in the CSV, so no spreadsheet locale can misread them.
 */
export function xlsxStream(sheetName: string, header: string[], rows: AsyncIterable<CsvCell[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  void (async () => {
    sheet.addRow(header).commit();
    for await (const cells of rows) {
      sheet.addRow(cells.map((cell) => cell ?? null)).commit();
      // Waits while the client has not read what was written (the reply's back-pressure); a client that went away
      // ends the loop, which closes the rows' cursor.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve).once('close', resolve));
      if (out.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** The list's file in the asked format: semicolon CSV as the other exports (downtime.csv.ts), or XLSX. */
export function listFile(
  format: ExportFormat,
  file: { basename: string; sheetName: string; header: string[]; rows: AsyncIterable<CsvCell[]> },
): ListFile {
  if (format === 'xlsx') {
    return { filename: `${file.basename}.xlsx`, contentType: XLSX_CONTENT_TYPE, body: xlsxStream(file.sheetName, file.header, file.rows) };
  }
  return { filename: `${file.basename}.csv`, contentType: 'text/csv; charset=utf-8', body: csvStream(file.header, file.rows) };
}

/** Maps each row of a stream to its cells as it arrives. */
export async function* cellsOf<Row>(rows: AsyncIterable<Row>, toCells: (row: Row) => CsvCell[]): AsyncIterable<CsvCell[]> {
  for await (const row of rows) yield toCells(row);
}
