import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { Content, ContentTable, TableCell } from 'pdfmake/interfaces.js';
import { englishOnly } from '../lib/problem.js';
import type { PdfDefinition } from './render.js';
import type { RenderAnswer } from './render.worker.js';

/**
 * Server-side PDFs. Documents (claim reports, invoices, declarations, order lists) are plain pdfmake definitions built
 * with the small helpers below, so they share one look, and are rendered by pdfmake in worker threads (`render.ts`):
 * laying out a document is synchronous (the 50-order production-orders PDF takes about half a second of CPU), and in
 * the API's own thread it held up every other request for that long, until load shedding answered them 503.
 */
export type { PdfDefinition } from './render.js';

/**
 * At most `limit` renderings at once, each in a worker thread of its own; the others wait in arrival order. A
 * rendering holds the whole layout of its document in memory (pdfmake lays every page out before writing the first),
 * so many large downloads at once would take the API's memory without bound; queued, its memory is bounded by the limit,
 * and a worker's heap is capped at `heapMb` (config PDF_WORKER_HEAP_MB), so a document too large for it fails its own
 * download, not the API. A large document (more than `largeCells` table cells: the 50-order PDF has 9,900, an
 * invoice a few dozen) renders alone, taking every place: two at once double the memory and leave no core to the
 * API's own thread.
 *
 * `active` and `peak` count the documents rendering (what the limit bounds), `taken` the places they hold; `workers`
 * the threads running, busy or idle. A worker is kept for the next document (a new one takes time to start and renders
 * slower until its code is optimized), the one used last first, and ends when idle for `idleMs`, handing
 * its memory back; after a large document it ends at once unless another download waits for it.
 */
export const renders = {
  limit: 1,
  heapMb: 512,
  idleMs: 30_000,
  largeCells: 2_000,
  active: 0,
  taken: 0,
  peak: 0,
  waiting: [] as Place[],
  workers: new Set<Worker>(),
  /** Workers started since the process began. */
  started: 0,
};

/** Sets how many PDFs render at once (config PDF_MAX_RENDERS) and each worker's heap (PDF_WORKER_HEAP_MB). */
export function limitPdfRenders(limit: number, heapMb = renders.heapMb): void {
  renders.limit = limit;
  renders.heapMb = heapMb;
  admitWaiting();
}

interface Place {
  large: boolean;
  /** The places it holds once admitted: every place for a large document (as many as the limit then), else one. */
  places: number;
  admit: () => void;
}

const placesOf = (place: Place) => (place.large ? renders.limit : 1);
const fits = (place: Place) => renders.taken + placesOf(place) <= renders.limit;

function take(place: Place): void {
  place.places = placesOf(place);
  renders.taken += place.places;
  renders.active += 1;
  renders.peak = Math.max(renders.peak, renders.active);
}

function admitWaiting(): void {
  while (renders.waiting.length && fits(renders.waiting[0]!)) {
    const next = renders.waiting.shift()!;
    take(next);
    next.admit();
  }
}

/**
 * A download whose client went away before its PDF was ready: nothing can be sent. The status is nginx's 499 (client
 * closed request): the client's doing, so the error handler logs no error for it.
 */
/** English only: the caller has gone, so nobody reads this answer; it names the request in the log. */
export const abandoned = () => englishOnly(499, 'Client Closed Request', 'The client went away before the document was ready.');

/** A place in the queue; while it waits, an abort of `signal` takes it out of the queue (`abandoned`). */
async function slot(large: boolean, signal?: AbortSignal): Promise<() => void> {
  const place: Place = { large, places: 0, admit: () => {} };
  if (renders.waiting.length === 0 && fits(place)) take(place);
  else
    await new Promise<void>((resolve, reject) => {
      const leave = () => {
        const at = renders.waiting.indexOf(place);
        if (at >= 0) renders.waiting.splice(at, 1);
        // A large document at the head held back smaller ones behind it: they may fit now.
        admitWaiting();
        reject(abandoned());
      };
      place.admit = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      renders.waiting.push(place);
      signal?.addEventListener('abort', leave, { once: true });
    });
  return () => {
    renders.taken -= place.places;
    renders.active -= 1;
    admitWaiting();
  };
}

/** The table cells of a definition's content: what its layout costs in time and memory. */
function tableCells(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((sum: number, child) => sum + tableCells(child), 0);
  if (!node || typeof node !== 'object') return 0;
  const { table, stack, columns } = node as { table?: { body: unknown[][] }; stack?: unknown; columns?: unknown };
  return (table ? table.body.reduce((sum, row) => sum + row.length, 0) : 0) + tableCells(stack) + tableCells(columns);
}

/**
 * The worker's module: compiled JavaScript beside this file in `api/dist`; from the TypeScript sources (tests,
 * `pnpm dev`) a small script first loads tsx in the worker, which then imports the TypeScript module.
 */
const fromSources = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSources ? './render.worker.ts' : './render.worker.js', import.meta.url);
const startWorker = (options: WorkerOptions): Worker =>
  fromSources
    ? new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
          `.then(({ tsImport }) => tsImport(${JSON.stringify(workerFile.href)}, ${JSON.stringify(import.meta.url)}))`,
        { ...options, eval: true },
      )
    : new Worker(workerFile, options);

/** One worker thread that renders one document at a time. */
class Renderer {
  readonly worker: Worker;
  private pending?: { resolve: (file: Buffer) => void; reject: (error: Error) => void };
  private idleTimer?: NodeJS.Timeout;

  constructor() {
    this.worker = startWorker({ resourceLimits: { maxOldGenerationSizeMb: renders.heapMb } });
    // An idle worker never keeps the process alive.
    this.worker.unref();
    this.worker.on('message', (answer: RenderAnswer) => {
      if ('error' in answer) this.settle(new Error(answer.error));
      else this.settle(undefined, Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
    });
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or any other end: the download in progress fails, the next gets a new worker.
    this.worker.on('error', (error) => this.settle(error));
    this.worker.on('exit', (code) => {
      renders.workers.delete(this.worker);
      idle.delete(this);
      clearTimeout(this.idleTimer);
      this.settle(new Error(`the PDF worker stopped (exit code ${code})`));
    });
    renders.workers.add(this.worker);
    renders.started += 1;
  }

  get running(): boolean {
    return renders.workers.has(this.worker);
  }

  render(doc: PdfDefinition): Promise<Buffer> {
    clearTimeout(this.idleTimer);
    return new Promise<Buffer>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.ref();
      // A definition that cannot be copied (a function in it) throws here, before anything is sent.
      try {
        this.worker.postMessage(doc);
      } catch (error) {
        this.settle(error as Error);
      }
    });
  }

  /** Back to the idle workers, stopped after `renders.idleMs` unused. */
  rest(): void {
    this.idleTimer = setTimeout(() => {
      idle.delete(this);
      void this.worker.terminate();
    }, renders.idleMs).unref();
    idle.add(this);
  }

  private settle(error: Error | undefined, file?: Buffer): void {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return;
    this.worker.unref();
    if (error) pending.reject(error);
    else pending.resolve(file!);
  }
}

const idle = new Set<Renderer>();

/**
 * Renders a document definition to PDF bytes in a worker thread, waiting for a free rendering slot (`renders.limit`).
 * `signal` is the download's client (download.ts `whileClientWaits`): once it has gone, the document leaves the queue,
 * and a large one that is rendering stops with its worker (seconds of a core that nobody would receive, ahead of the
 * downloads waiting behind it); a small one finishes, which costs less than starting a new worker. Either way the
 * promise rejects with `abandoned`.
 */
export async function renderPdf(doc: PdfDefinition, signal?: AbortSignal): Promise<Buffer> {
  if (signal?.aborted) throw abandoned();
  const large = tableCells(doc.content) > renders.largeCells;
  const release = await slot(large, signal);
  if (signal?.aborted) {
    release();
    throw abandoned();
  }
  const reused = [...idle].pop();
  if (reused) idle.delete(reused);
  const renderer = reused ?? new Renderer();
  const stop = () => void renderer.worker.terminate();
  if (large) signal?.addEventListener('abort', stop, { once: true });
  try {
    const file = await renderer.render(doc);
    if (signal?.aborted) throw abandoned();
    return file;
  } catch (error) {
    throw signal?.aborted ? abandoned() : error;
  } finally {
    signal?.removeEventListener('abort', stop);
    if (renderer.running) {
      // After a large document a worker keeps its grown heap: unless another
      // download is waiting for it, it ends and hands that memory back.
      if (renders.workers.size > renders.limit || (large && renders.waiting.length === 0)) void renderer.worker.terminate();
      else renderer.rest();
    }
    release();
  }
}

/** Stops the idle PDF workers (when the API closes); a rendering in progress finishes first. */
export async function stopIdlePdfWorkers(): Promise<void> {
  await Promise.all([...idle].map((renderer) => renderer.worker.terminate()));
}

/** The shared page: A4, Roboto 10 pt, a title block, page numbers, and styles for headings and table headers. */
export function pdfDocument(options: { title: string; subtitle?: string; content: Content[]; author?: string }): PdfDefinition {
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
    pageNumbers: true,
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
