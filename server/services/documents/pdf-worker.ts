import { parentPort } from 'node:worker_threads';
import { renderPdfHere, type PdfJob } from './pdf-render.ts';

/*
 * The PDF worker thread (server/services/documents/pdf-pool.ts): renders each job it is posted and
 * posts the bytes back (their buffer moved, not copied), or the error's message. Jobs come one at
 * a time from the pool, in order.
 */
parentPort!.on('message', (m: { id: number; job: PdfJob }) => {
  renderPdfHere(m.job).then(
    (bytes) => {
      // pdf-lib's bytes may view a larger buffer: send exactly them, moved.
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
      parentPort!.postMessage({ id: m.id, bytes: own }, [own.buffer as ArrayBuffer]);
    },
    (err: unknown) =>
      parentPort!.postMessage({ id: m.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});
