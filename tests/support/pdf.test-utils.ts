import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The text of a PDF, read by pdf.js (the `unpdf` package, so no system program such as poppler's pdftotext is
 * needed), pages joined and white space (and table cell wrapping) collapsed to single spaces.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
