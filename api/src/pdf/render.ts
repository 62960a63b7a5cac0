import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';

/**
 * Renders one document definition to PDF bytes with pdfmake 0.3, in the calling thread: one configured instance,
 * fonts embedded, no file or network access. The API calls it only inside its PDF worker threads (`render.worker.ts`,
 * through `renderPdf` in `pdf.ts`), so that a rendering, synchronous layout of every page, never blocks the event loop
 * that answers the other requests.
 */

/**
 * A document as the API's threads hand it over: plain data (it is copied to a worker), so no function may appear
 * in it. `pageNumbers` asks for the shared footer ("3 / 7"), which pdfmake builds with a function.
 */
export type PdfDefinition = Omit<TDocumentDefinitions, 'footer' | 'header' | 'background'> & { pageNumbers?: boolean };

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

/** fontkit's parsed font: its glyphs are made once and kept, with the characters they were first looked up for. */
interface ParsedFont {
  characterSet: number[];
  glyphForCodePoint(codePoint: number): unknown;
}

/**
 * Makes every glyph of the font from its character first. fontkit keeps each glyph it makes, and a glyph first made
 * while a document's subset is written (the "o" inside an "ö", a composite glyph) has no character; pdfkit maps a
 * glyph back to text (the PDF's ToUnicode table: copying, searching, screen readers) by the characters of the glyph
 * the layout returns, so a later document that shares the font showed "Sec\u0004nd" for "Second".
 */
function knowEveryCharacter(font: ParsedFont): void {
  for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
}

/** Fonts parsed so far (pdfkit would parse each file again for every document), by virtual file name. */
const parsedFonts = new Map<string, { font: unknown; Embedded: EmbeddedFontLike['constructor'] }>();

/**
 * Every document shares the fonts parsed for the first one. pdfkit parses a font file for each document it embeds
 * it in, and fontkit then decodes its tables again on the first text measured, a large part of a one-page PDF's
 * cost. Each document still has its own subset and widths (pdfkit's
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
      if (typeof file === 'string') {
        knowEveryCharacter(embedded.font as ParsedFont);
        parsedFonts.set(file, { font: embedded.font, Embedded: embedded.constructor });
      }
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
 * pdfmake, loaded on the first PDF (a thread that renders none does not carry it in memory), with Roboto (shipped
 * with pdfmake; Latin Extended, so umlauts and € render) in its virtual file system.
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

/** The shared footer: page numbers, right-aligned. */
const pageNumberFooter = (currentPage: number, pageCount: number) => ({
  text: `${currentPage} / ${pageCount}`,
  alignment: 'right' as const,
  margin: [40, 16, 40, 0] as [number, number, number, number],
  fontSize: 8,
  color: '#777777',
});

/** Renders a document definition to PDF bytes in this thread. */
export async function renderInThisThread({ pageNumbers, ...doc }: PdfDefinition): Promise<Buffer> {
  const pdfmake = await configured();
  return pdfmake.createPdf(pageNumbers ? { ...doc, footer: pageNumberFooter } : doc).getBuffer();
}
