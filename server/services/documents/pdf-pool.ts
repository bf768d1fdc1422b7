import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { renderPdfHere, type PdfJob } from './pdf-render.ts';

/*
 * PDFs rendered off the event loop (issue 33, docs/decisions/0094): the outbox's attachments are
 * read from the database here, then rendered to bytes by one worker thread per process (fontkit's
 * text layout holds a thread for tens of milliseconds per document). If the worker cannot start
 * or dies, the job is rendered in this thread instead, said once in the log, and so is every job
 * after it in this process.
 */

interface Log {
  warn(obj: object, msg?: string): void;
}

/**
 * A job the worker has not answered in this long is given up (the worker is replaced) and fails: its mail is retried.
 */
export const PDF_JOB_TIMEOUT_MS = 60_000;

/**
 * The worker's module beside this one: pdf-worker.js in the compiled server (dist/node), pdf-worker.ts from the
 * sources.
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCES ? './pdf-worker.ts' : './pdf-worker.js', import.meta.url);

/**
 * Starts the worker thread. From the sources (npm run dev, the tests, the benches' helpers) a
 * thread does not get tsx's loader from its parent, so it imports the worker through tsx's API.
 */
export function spawnPdfWorker(): Worker {
  if (!FROM_SOURCES) return new Worker(WORKER_URL);
  const tsxApi = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/esm/api')), 'index.mjs')).href;
  return new Worker(
    `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(WORKER_URL.href)}, ${JSON.stringify(import.meta.url)}))`,
    { eval: true },
  );
}

/** The worker itself failed (could not start, died): not the document. */
class WorkerFailed extends Error {}

interface Pending {
  resolve(bytes: Uint8Array): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

export class PdfPool {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** The worker failed once: this process renders its PDFs itself from then on. */
  private broken = false;
  /** How many jobs the worker rendered, and how many this thread did (tests and the bench read them). */
  readonly counts = { worker: 0, here: 0 };

  constructor(
    private readonly spawn: () => Worker = spawnPdfWorker,
    private readonly timeoutMs = PDF_JOB_TIMEOUT_MS,
  ) {}

  /** The job's bytes: from the worker thread, or from this thread when the worker failed (logged once). */
  async render(job: PdfJob, log?: Log): Promise<Uint8Array> {
    if (!this.broken) {
      try {
        const bytes = await this.inWorker(job);
        this.counts.worker++;
        return bytes;
      } catch (err) {
        if (!(err instanceof WorkerFailed)) throw err;
        if (!this.broken) {
          this.broken = true;
          log?.warn(
            { err: err.cause ?? err },
            `PDFs are rendered in the process from now on: the PDF worker thread failed (${err.message})`,
          );
        }
      }
    }
    this.counts.here++;
    return renderPdfHere(job);
  }

  /** Ends the worker (the jobs it still had fail): for a process that is done with PDFs. */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    this.failAll(new Error('the PDF worker was closed'));
    await w?.terminate();
  }

  private inWorker(job: PdfJob): Promise<Uint8Array> {
    let w: Worker;
    try {
      w = this.worker ?? this.start();
    } catch (err) {
      return Promise.reject(
        new WorkerFailed(`it could not start: ${err instanceof Error ? err.message : String(err)}`, { cause: err }),
      );
    }
    const id = ++this.nextId;
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`the PDF worker did not answer within ${Math.round(this.timeoutMs / 1000)} s`));
        // A worker stuck on one job is stuck for all: a new one takes the next.
        if (this.worker === w) {
          this.worker = null;
          this.failAll(new Error('the PDF worker was replaced after a job timed out'));
          void w.terminate();
        }
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      if (this.pending.size === 1) w.ref();
      w.postMessage({ id, job });
    });
  }

  private start(): Worker {
    const w = this.spawn();
    w.unref();
    w.on('message', (m: { id: number; bytes?: Uint8Array; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.settle(m.id, w);
      if (m.bytes) p.resolve(m.bytes);
      else p.reject(new Error(m.error ?? 'the PDF worker answered nothing'));
    });
    w.on('error', (err) => this.lost(w, new WorkerFailed(err.message, { cause: err })));
    w.on('exit', (code) => this.lost(w, new WorkerFailed(`it exited with code ${code}`)));
    this.worker = w;
    return w;
  }

  private settle(id: number, w: Worker) {
    clearTimeout(this.pending.get(id)!.timer);
    this.pending.delete(id);
    if (this.pending.size === 0) w.unref();
  }

  private lost(w: Worker, err: WorkerFailed) {
    if (this.worker !== w) return;
    this.worker = null;
    this.failAll(err);
  }

  private failAll(err: Error) {
    for (const [id, p] of [...this.pending]) {
      clearTimeout(p.timer);
      this.pending.delete(id);
      p.reject(err);
    }
  }
}

/** The process's pool: one worker thread, started with the first PDF. */
export const pdfPool = new PdfPool();
