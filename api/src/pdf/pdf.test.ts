import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataTable, limitPdfRenders, pdfDocument, renderPdf, renders, stopIdlePdfWorkers } from './pdf.js';
import { renderInThisThread } from './render.js';
import { testConfig } from '../../../tests/support/app.test-utils.js';
import { pdfText } from '../../../tests/support/pdf.test-utils.js';

/**
 * PDFs render in worker threads through a small queue (config PDF_MAX_RENDERS, default 1): N+1 downloads at once
 * never have more than N renderings in progress, and every one of them is answered. Counted by the queue, not timed.
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

const { idleMs, largeCells } = renders;
const small = () => pdfDocument({ title: 'Invoice 4711', content: [{ text: 'Nordic Springs AB' }] });

afterEach(async () => {
  limitPdfRenders(testConfig.PDF_MAX_RENDERS, testConfig.PDF_WORKER_HEAP_MB);
  renders.idleMs = idleMs;
  renders.largeCells = largeCells;
  await stopIdlePdfWorkers();
});

/** pdfkit as this thread loads it; a spy on its `text` sees every line laid out in this thread. */
const pdfkit = () => createRequire(createRequire(import.meta.url).resolve('pdfmake'))('pdfkit') as { prototype: { font(...args: unknown[]): unknown; text(...args: unknown[]): unknown } };

describe('the PDF rendering queue', () => {
  it('is PDF_MAX_RENDERS wide, 1 by default', () => {
    expect(testConfig.PDF_MAX_RENDERS).toBe(1);
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

  it('renders a large document (more table cells than renders.largeCells) alone: the others wait until it is done, then render together', async () => {
    limitPdfRenders(2);
    renders.peak = 0;
    // 200 rows × 3 columns + the header: 603 cells.
    renders.largeCells = 600;
    const files = await Promise.all([renderPdf(doc()), renderPdf(small()), renderPdf(small())]);
    expect(files.map((file) => file.subarray(0, 5).toString())).toEqual(Array(3).fill('%PDF-'));
    // The two small ones overlapped each other (after the large one), never the large one.
    expect(renders.peak).toBe(2);
    renders.peak = 0;
    await Promise.all([renderPdf(small()), renderPdf(doc())]);
    expect(renders.peak).toBe(1);
    expect(renders.active).toBe(0);
    expect(renders.taken).toBe(0);
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

describe('the PDF worker threads', () => {
  it("render every document outside the API's thread, which never lays out a line, with the shared page numbers", async () => {
    const text = vi.spyOn(pdfkit().prototype, 'text');
    const file = await renderPdf(doc());
    expect(text).not.toHaveBeenCalled();
    text.mockRestore();
    expect(renders.workers.size).toBe(1);
    const content = await pdfText(file);
    expect(content).toContain('Production orders Article no. Title Planned NS-0 Spring Water 0.5 L 0 10000');
    expect(content).toMatch(/1 \/ (\d+).* \1 \/ \1/);
  });

  it('are reused while busy and never more than PDF_MAX_RENDERS; an idle one stops and hands its memory back', async () => {
    limitPdfRenders(2);
    await Promise.all(Array.from({ length: 5 }, () => renderPdf(doc())));
    expect(renders.workers.size).toBe(2);
    // The two idle workers render the next two (none started). Counted by starts, not by the workers alive after: with
    // a 20 ms idle time, the one that finished first may already have ended on a slow machine.
    const started = renders.started;
    renders.idleMs = 20;
    await Promise.all([renderPdf(doc()), renderPdf(doc())]);
    expect(renders.started - started).toBe(0);
    await vi.waitFor(() => expect(renders.workers.size).toBe(0), { timeout: 15_000 });
  });

  it('a worker that rendered a large document ends at once (its grown heap goes back), unless another download waits for it', async () => {
    renders.largeCells = 600;
    const started = renders.started;
    await Promise.all([renderPdf(doc()), renderPdf(doc())]);
    // One worker rendered both (the second was waiting), then ended.
    expect(renders.started - started).toBe(1);
    await vi.waitFor(() => expect(renders.workers.size).toBe(0), { timeout: 15_000 });
    await renderPdf(small());
    expect(renders.workers.size).toBe(1);
  });

  it('a worker that stops mid-rendering fails that download only: the next one gets a new worker', async () => {
    limitPdfRenders(1);
    const stopped = renderPdf(doc());
    await vi.waitFor(() => expect(renders.workers.size).toBe(1));
    const [worker] = renders.workers;
    const next = renderPdf(doc());
    await worker!.terminate();
    await expect(stopped).rejects.toThrow('the PDF worker stopped');
    expect((await next).subarray(0, 5).toString()).toBe('%PDF-');
    expect(renders.workers.has(worker!)).toBe(false);
    expect(renders.active).toBe(0);
  });

  it('a document that needs more heap than PDF_WORKER_HEAP_MB fails its own download, not the API; a smaller one renders after it', async () => {
    // 40,000 rows need about 300 MB of heap to lay out; 32 MB holds pdfmake and a small document.
    limitPdfRenders(1, 32);
    const huge = pdfDocument({ title: 'Recall', content: [dataTable([{ header: 'Row', value: (row: number) => `Row ${row}` }], Array.from({ length: 40_000 }, (_, i) => i))] });
    await expect(renderPdf(huge)).rejects.toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' });
    expect((await renderPdf(doc())).subarray(0, 5).toString()).toBe('%PDF-');
    expect(renders.active).toBe(0);
  });

  it('refuse a definition that cannot be copied to a worker (a function in it) without sending it, and stay usable', async () => {
    const withFunction = { content: [{ text: 'x' }], footer: () => 'x' } as unknown as Parameters<typeof renderPdf>[0];
    await expect(renderPdf(withFunction)).rejects.toThrow(/could not be cloned/);
    expect((await renderPdf(doc())).subarray(0, 5).toString()).toBe('%PDF-');
    expect(renders.active).toBe(0);
  });
});

/** The client goes the moment a document is handed to its worker, so that the document is certainly rendering then. */
function abortOnHandOver(client: AbortController) {
  const post = Worker.prototype.postMessage;
  return vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
    post.apply(this, args);
    client.abort();
  });
}

describe('a download whose client goes away (renderPdf with the download\'s signal)', () => {
  it('leaves the queue while it waits: nothing renders for it, and the rendering ahead of it is answered', async () => {
    limitPdfRenders(1);
    const started = renders.started;
    const ahead = renderPdf(doc());
    const client = new AbortController();
    const waiting = renderPdf(small(), client.signal);
    expect(renders.waiting).toHaveLength(1);
    client.abort();
    await expect(waiting).rejects.toMatchObject({ status: 499 });
    expect(renders.waiting).toHaveLength(0);
    expect((await ahead).subarray(0, 5).toString()).toBe('%PDF-');
    // One worker started, for the one ahead, and nothing waits for it: the document that left was never rendered.
    expect(renders.started - started).toBe(1);
    expect(renders.active).toBe(0);
    expect(renders.taken).toBe(0);
  });

  it('lets the smaller documents behind it render when it was the large one at the head of the queue', async () => {
    limitPdfRenders(2);
    renders.largeCells = 600;
    renders.peak = 0;
    const first = renderPdf(small());
    const client = new AbortController();
    const large = renderPdf(doc(), client.signal);
    const behind = renderPdf(small());
    // The large one waits for both places; the small one behind it waits for the large one.
    expect(renders.waiting).toHaveLength(2);
    client.abort();
    await expect(large).rejects.toMatchObject({ status: 499 });
    const files = await Promise.all([first, behind]);
    expect(files.map((file) => file.subarray(0, 5).toString())).toEqual(['%PDF-', '%PDF-']);
    expect(renders.waiting).toHaveLength(0);
    expect(renders.taken).toBe(0);
  });

  it("stops a large document's rendering with its worker; the next download gets a new worker", async () => {
    limitPdfRenders(1);
    renders.largeCells = 600;
    const client = new AbortController();
    const handOver = abortOnHandOver(client);
    const rendering = renderPdf(doc(), client.signal);
    await expect(rendering).rejects.toMatchObject({ status: 499 });
    // The worker the document was handed to.
    const [worker] = handOver.mock.contexts as Worker[];
    handOver.mockRestore();
    expect(worker).toBeInstanceOf(Worker);
    expect(renders.workers.has(worker!)).toBe(false);
    const started = renders.started;
    expect((await renderPdf(small())).subarray(0, 5).toString()).toBe('%PDF-');
    expect(renders.started - started).toBe(1);
    expect(renders.active).toBe(0);
  });

  it('lets a small document finish in its worker, which stays for the next one, and still answers that the client has gone', async () => {
    limitPdfRenders(1);
    const client = new AbortController();
    const handOver = abortOnHandOver(client);
    const rendering = renderPdf(small(), client.signal);
    await expect(rendering).rejects.toMatchObject({ status: 499 });
    handOver.mockRestore();
    expect(renders.workers.size).toBe(1);
    const started = renders.started;
    expect((await renderPdf(small())).subarray(0, 5).toString()).toBe('%PDF-');
    expect(renders.started).toBe(started);
  });

  it('starts nothing for a client that has already gone', async () => {
    const started = renders.started;
    await expect(renderPdf(doc(), AbortSignal.abort())).rejects.toMatchObject({ status: 499 });
    expect(renders.started).toBe(started);
    expect(renders.active).toBe(0);
  });
});

describe('fonts', () => {
  it('are parsed once per rendering thread and shared by every document, each still carrying its own text', async () => {
    // pdfkit parses a font when a document is given its file's bytes (font(buffer)); count those calls.
    const font = vi.spyOn(pdfkit().prototype, 'font');
    const parses = () => font.mock.calls.filter(([source]) => source instanceof Uint8Array).length;
    const titled = (title: string, body: string) => pdfDocument({ title, content: [{ text: body }, { text: 'Übergröße €', bold: true }] });
    await renderInThisThread(titled('First', 'Nordic Springs AB'));
    const parsedBefore = parses();
    expect(parsedBefore).toBeGreaterThan(0);
    const later = [
      await renderInThisThread(titled('Second', 'Fjord Water AS')),
      ...(await Promise.all(['Third', 'Fourth'].map((title) => renderInThisThread(titled(title, `${title} Baltic Beverages SIA`))))),
    ];
    expect(parses()).toBe(parsedBefore);
    font.mockRestore();
    const texts = await Promise.all(later.map((file) => pdfText(file)));
    expect(texts[0]).toContain('Second Fjord Water AS Übergröße €');
    expect(texts[1]).toContain('Third Third Baltic Beverages SIA Übergröße €');
    expect(texts[2]).toContain('Fourth Fourth Baltic Beverages SIA Übergröße €');
  });
});
