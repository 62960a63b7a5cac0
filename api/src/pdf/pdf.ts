import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Content, ContentTable, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';

/**
 * Server-side PDFs with pdfmake 0.3: one configured instance, fonts embedded, no file or network access.
 * Documents (claim reports, invoices, declarations, order lists) are plain pdfmake definitions built with the
 * small helpers below, so they share one look.
 */

// pdfmake 0.3's Node entry exports one instance; @types/pdfmake still describes 0.2's PdfPrinter class.
interface PdfMake {
  virtualfs: { writeFileSync(name: string, content: Buffer): void };
  setFonts(fonts: Record<string, { normal: string; bold: string; italics: string; bolditalics: string }>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

const ROBOTO = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
};

/** pdfmake's document (a pdfkit document): where a document's fonts are set up. */
interface FontingDocument {
  fonts: Record<string, Record<string, unknown>>;
  fontCache: Record<string, Record<string, EmbeddedFontLike>>;
  _fontCount: number;
  _fontFamilies: Record<string, EmbeddedFontLike>;
  getFontType(bold: boolean, italics: boolean): string;
  provideFont(familyName: string, bold: boolean, italics: boolean): EmbeddedFontLike;
}
/** pdfkit's EmbeddedFont: one document's use (subset, widths) of a parsed font (`font`, fontkit's). */
interface EmbeddedFontLike {
  font: unknown;
  id: string;
  constructor: new (document: FontingDocument, font: unknown, id: string) => EmbeddedFontLike;
}

/** Fonts parsed so far (pdfkit would parse each file again for every document), by virtual file name. */
const parsedFonts = new Map<string, { font: unknown; Embedded: EmbeddedFontLike['constructor'] }>();

/**
 * Every document shares the fonts parsed for the first one. pdfkit parses a font file for each document it embeds
 * it in, and fontkit then decodes its tables again on the first text measured: about 15 ms per document for the
 * two faces used, a third of a one-page PDF's cost. Each document still has its own subset and widths (pdfkit's
 * EmbeddedFont, registered in `_fontFamilies` so that pdfkit embeds it when the document ends); only fontkit's parsed
 * font, read-only to pdfkit, is shared.
 */
function shareParsedFonts(): void {
  const require = createRequire(import.meta.url);
  const pdfDocument = (require('pdfmake/js/PDFDocument.js') as { default: { prototype: FontingDocument } }).default.prototype;
  const provideFont = pdfDocument.provideFont;
  pdfDocument.provideFont = function (this: FontingDocument, familyName, bold, italics) {
    const type = this.getFontType(bold, italics);
    const cached = this.fontCache[familyName]?.[type];
    if (cached) return cached;
    const file = this.fonts[familyName]?.[type];
    const parsed = typeof file === 'string' ? parsedFonts.get(file) : undefined;
    if (!parsed) {
      const embedded = provideFont.call(this, familyName, bold, italics);
      if (typeof file === 'string') parsedFonts.set(file, { font: embedded.font, Embedded: embedded.constructor });
      return embedded;
    }
    this._fontCount += 1;
    const embedded = new parsed.Embedded(this, parsed.font, `F${this._fontCount}`);
    this._fontFamilies[embedded.id] = embedded;
    (this.fontCache[familyName] ??= {})[type] = embedded;
    return embedded;
  };
}

/**
 * pdfmake, loaded on the first PDF (an API that renders none does not carry it in memory), with Roboto (shipped with
 * pdfmake; Latin Extended, so umlauts and € render) in its virtual file system.
 */
let loading: Promise<PdfMake> | undefined;
function configured(): Promise<PdfMake> {
  loading ??= import('pdfmake').then(({ default: module }) => {
    const pdfmake = module as unknown as PdfMake;
    const require = createRequire(import.meta.url);
    const folder = require.resolve('pdfmake/build/fonts/Roboto/Roboto-Regular.ttf').replace(/Roboto-Regular\.ttf$/, '');
    for (const file of Object.values(ROBOTO)) pdfmake.virtualfs.writeFileSync(file, readFileSync(folder + file));
    pdfmake.setFonts({ Roboto: ROBOTO });
    shareParsedFonts();
    // Document text comes from users: never let a definition fetch URLs or read local files.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy(() => false);
    return pdfmake;
  });
  return loading;
}

/**
 * At most `limit` renderings at once; the others wait in arrival order. A rendering holds the whole layout of its
 * document in memory (pdfmake lays every page out before writing the first), so ten downloads of the 50-order PDF
 * at once took the API past 400 MB; queued, its memory is bounded by the limit. `active` and `peak` count the
 * renderings inside pdfmake (what the limit bounds).
 */
export const renders = {
  limit: 2,
  active: 0,
  peak: 0,
  waiting: [] as (() => void)[],
};

/** Sets how many PDFs render at once (config PDF_MAX_RENDERS; buildApp sets it). */
export function limitPdfRenders(limit: number): void {
  renders.limit = limit;
  while (renders.waiting.length && renders.active < renders.limit) admitNext();
}

function admitNext(): void {
  renders.active += 1;
  renders.peak = Math.max(renders.peak, renders.active);
  renders.waiting.shift()!();
}

async function slot(): Promise<() => void> {
  if (renders.active < renders.limit && renders.waiting.length === 0) {
    renders.active += 1;
    renders.peak = Math.max(renders.peak, renders.active);
  } else {
    await new Promise<void>((resolve) => renders.waiting.push(resolve));
  }
  return () => {
    renders.active -= 1;
    if (renders.waiting.length && renders.active < renders.limit) admitNext();
  };
}

/** Renders a document definition to PDF bytes, waiting for a free rendering slot (`renders.limit`). */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  const pdfmake = await configured();
  const release = await slot();
  try {
    return await pdfmake.createPdf(doc).getBuffer();
  } finally {
    release();
  }
}

/** The shared page: A4, Roboto 10 pt, a title block, page numbers, and styles for headings and table headers. */
export function pdfDocument(options: { title: string; subtitle?: string; content: Content[]; author?: string }): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [40, 48, 40, 48],
    info: { title: options.title, ...(options.author ? { author: options.author } : {}) },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.2 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
      subtitle: { fontSize: 10, color: '#555555', margin: [0, 0, 0, 12] },
      section: { fontSize: 12, bold: true, margin: [0, 14, 0, 6] },
      tableHeader: { bold: true, fillColor: '#eeeeee' },
      label: { bold: true },
      muted: { color: '#777777' },
    },
    footer: (currentPage: number, pageCount: number) => ({
      text: `${currentPage} / ${pageCount}`,
      alignment: 'right',
      margin: [40, 16, 40, 0],
      fontSize: 8,
      color: '#777777',
    }),
    content: [
      { text: options.title, style: 'title' },
      ...(options.subtitle ? [{ text: options.subtitle, style: 'subtitle' }] : []),
      ...options.content,
    ],
  };
}

/** A section heading. */
export function section(text: string): Content {
  return { text, style: 'section' };
}

/** Label / value pairs in two columns (empty values show a dash). */
export function fieldTable(rows: [label: string, value: string | number | null | undefined][]): ContentTable {
  return {
    table: {
      widths: [150, '*'],
      body: rows.map(([label, value]) => [
        { text: label, style: 'label' },
        value === null || value === undefined || value === '' ? { text: '-', style: 'muted' } : { text: String(value) },
      ]),
    },
    layout: 'lightHorizontalLines',
  };
}

export interface PdfColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
  width?: number | '*' | 'auto';
  alignment?: 'left' | 'right' | 'center';
}

/** A data table with a repeated header row. */
export function dataTable<Row>(columns: PdfColumn<Row>[], rows: Row[], emptyText = 'None'): Content {
  if (!rows.length) return { text: emptyText, style: 'muted' };
  const header: TableCell[] = columns.map((column) => ({ text: column.header, style: 'tableHeader', alignment: column.alignment ?? 'left' }));
  const body: TableCell[][] = rows.map((row) =>
    columns.map((column) => {
      const value = column.value(row);
      return { text: value === null || value === undefined ? '' : String(value), alignment: column.alignment ?? 'left' };
    }),
  );
  return {
    table: { headerRows: 1, widths: columns.map((column) => column.width ?? '*'), body: [header, ...body] },
    layout: 'lightHorizontalLines',
  };
}

/** A block of free text (multi-line user input) under a label. */
export function textBlock(label: string, text: string | null | undefined): Content[] {
  return [
    { text: label, style: 'label', margin: [0, 8, 0, 2] },
    text && text.trim() ? { text } : { text: '-', style: 'muted' },
  ];
}
