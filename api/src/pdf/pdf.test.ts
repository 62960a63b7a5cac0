import { afterEach, describe, expect, it } from 'vitest';
import { dataTable, limitPdfRenders, pdfDocument, renderPdf, renders } from './pdf.js';
import { testConfig } from '../../../tests/support/app.js';

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
