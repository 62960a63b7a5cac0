import { parentPort } from 'node:worker_threads';
import { renderInThisThread, type PdfDefinition } from './render.js';

/**
 * A PDF worker thread (started by `pdf.ts`): renders each document posted to it (one at a time: the API posts the
 * next only after the answer) and posts back the bytes (moved, not copied) or the error's message.
 */
export type RenderAnswer = { bytes: Uint8Array } | { error: string };

parentPort!.on('message', (doc: PdfDefinition) => {
  renderInThisThread(doc).then(
    (file) => {
      // A small Buffer may be a slice of Node's shared pool: only a buffer of its own can be moved.
      const bytes = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength ? file : new Uint8Array(file);
      parentPort!.postMessage({ bytes } satisfies RenderAnswer, [bytes.buffer as ArrayBuffer]);
    },
    (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies RenderAnswer),
  );
});
