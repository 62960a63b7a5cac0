import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataTable, limitPdfRenders, pdfDocument, renderPdf, renders } from './pdf.js';
import { testConfig } from '../../../tests/support/app.js';
import { pdfText } from '../../../tests/support/pdf.js';

/**
 * PDFs render through a small queue (config PDF_MAX_RENDERS, default 2): N+1 downloads at once never have more
 * than N renderings inside pdfmake, and every one of them is answered. Counted by the renderer, not timed.
 */
const rows = Array.from({ length: 200 }, (_, i) => ({ article: `NS-${i}`, title: `Spring Water 0.5 L ${i}`, planned: 10_000 + i }));
const doc = () =>
  pdfDocument({
    title: 'Production orders',
    content: [
      dataTable<(typeof rows)[number]>(
        [
          { header: 'Article no.', value: (row) => row.article, width: 70 },
          { header: 'Title', value: (row) => row.title },
          { header: 'Planned', value: (row) => row.planned, width: 60, alignment: 'right' },
        ],
        rows,
      ),
    ],
  });

afterEach(() => limitPdfRenders(testConfig.PDF_MAX_RENDERS));

describe('the PDF rendering queue', () => {
  it('is PDF_MAX_RENDERS wide, 2 by default', () => {
    expect(testConfig.PDF_MAX_RENDERS).toBe(2);
  });

  it.each([1, 2, 3])('with a limit of %i, renders one PDF more than the limit asked for at once, never more at a time, and answers every one', async (limit) => {
    limitPdfRenders(limit);
    renders.peak = 0;
    const files = await Promise.all(Array.from({ length: limit + 1 }, () => renderPdf(doc())));
    expect(files.map((file) => file.subarray(0, 5).toString())).toEqual(Array(limit + 1).fill('%PDF-'));
    // The renderings overlap up to the limit (so the count sees concurrency) and never beyond it.
    expect(renders.peak).toBe(limit);
    expect(renders.active).toBe(0);
    expect(renders.waiting).toHaveLength(0);
  });

  it('a failed rendering frees its place for the next one', async () => {
    limitPdfRenders(1);
    const broken = renderPdf({ content: [{ image: 'data:image/png;base64,AAAA' }] });
    const next = renderPdf(doc());
    await expect(broken).rejects.toThrow();
    expect((await next).subarray(0, 5).toString()).toBe('%PDF-');
    expect(renders.active).toBe(0);
  });
});

describe('fonts', () => {
  it('are parsed once per process and shared by every document, each still carrying its own text', async () => {
    limitPdfRenders(3);
    // pdfkit parses a font when a document is given its file's bytes (font(buffer)); count those calls.
    const pdfkit = createRequire(createRequire(import.meta.url).resolve('pdfmake'))('pdfkit') as { prototype: { font(...args: unknown[]): unknown } };
    const font = vi.spyOn(pdfkit.prototype, 'font');
    const parses = () => font.mock.calls.filter(([source]) => source instanceof Uint8Array).length;
    const titled = (title: string, body: string) => pdfDocument({ title, content: [{ text: body }, { text: 'Übergröße €', bold: true }] });
    await renderPdf(titled('First', 'Nordic Springs AB'));
    const parsedBefore = parses();
    const later = [await renderPdf(titled('Second', 'Fjord Water AS')), ...(await Promise.all(['Third', 'Fourth'].map((title) => renderPdf(titled(title, `${title} Baltic Beverages SIA`)))))];
    expect(parses()).toBe(parsedBefore);
    font.mockRestore();
    const texts = await Promise.all(later.map((file) => pdfText(file)));
    expect(texts[0]).toContain('Second Fjord Water AS Übergröße €');
    expect(texts[1]).toContain('Third Third Baltic Beverages SIA Übergröße €');
    expect(texts[2]).toContain('Fourth Fourth Baltic Beverages SIA Übergröße €');
  });
});
