import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../../contract/documents.ts';
import { PdfPool, spawnPdfWorker } from './pdf-pool.ts';
import { renderPdfHere, type PdfJob } from './pdf-render.ts';

// PDFs rendered off the event loop (issue 33, docs/decisions/0094): one worker thread renders the
// outbox's PDFs from plain data; when it cannot start or dies, the process renders them itself,
// said once in the log.

const invoice: Invoice = {
  BookingId: 1,
  RefIdKey: 'WL-7K3M9-QXD2P',
  site: 'UAE',
  currency: 'AED',
  documentTitle: 'Tax invoice',
  title: 'Tax Invoice',
  invoiceNumber: 'WLH-AE-000042',
  invoiceDate: '2026-11-01',
  status: 'confirmed',
  paymentStatus: 'paid',
  paymentMethod: 'stripe',
  seller: {
    legalName: 'Wanderlust Holidays LLC',
    tradeName: 'Wanderlust Holidays',
    address: ['Office 12, Deira', 'Dubai'],
    taxLabel: 'TRN',
    taxNumber: '100000000000003',
    phone: '+971 4 000 0000',
    email: 'care@example.ae',
  },
  buyer: {
    name: 'Ms Ines Costa',
    email: 'ines@example.com',
    phone: null,
    pan: null,
    address: [],
    gstin: null,
    trn: null,
  },
  placeOfSupply: null,
  lines: [
    {
      position: 1,
      packageId: 1,
      title: 'Desert nights',
      city: 'Dubai',
      travelDate: '2026-12-05',
      nights: 3,
      rooms: 1,
      description: 'Dubai, 3 nights from Sat 5 Dec 2026: 2 adults, 1 room',
      items: [{ ageBand: 'adult', label: 'Adult', quantity: 2, unitPrice: 100_000, amount: 200_000 }],
      amount: 200_000,
      sac: null,
      taxRate: 5,
      vatTreatment: 'standard',
      taxNote: 'VAT 5% included',
      taxAmount: 9_524,
    },
  ],
  subtotal: 200_000,
  discount: 0,
  coupon: null,
  amountBeforeTax: 190_476,
  taxes: [{ code: 'VAT', label: 'VAT 5%', rate: 5, amount: 9_524, included: true }],
  total: 200_000,
  amountPaid: 200_000,
  amountDue: 0,
  paymentDueOn: null,
  paidOn: '2026-11-01',
  payTo: null,
  notes: [],
  pdf: { filename: 'invoice-WLH-AE-000042.pdf', url: '/x' },
} as Invoice;
const job: PdfJob = { kind: 'invoice', document: invoice, issuedAt: new Date('2026-11-01T00:00:00Z') };

const recorder = () => {
  const logged: string[] = [];
  return { logged, warn: (_: object, msg?: string) => void logged.push(msg ?? '') };
};

describe('the PDF worker thread', () => {
  const pools: PdfPool[] = [];
  const pool = (...args: ConstructorParameters<typeof PdfPool>) => {
    const p = new PdfPool(...args);
    pools.push(p);
    return p;
  };
  afterAll(() => Promise.all(pools.map((p) => p.close())));

  // A worker started from the sources loads them through tsx: seconds on a busy machine.
  it('renders a PDF in the worker: the same bytes as rendered here, several at once', async () => {
    const p = pool();
    const log = recorder();
    const here = await renderPdfHere(job);
    const [a, b, c] = await Promise.all([p.render(job, log), p.render(job, log), p.render(job, log)]);
    expect(Buffer.from(a!).subarray(0, 5).toString()).toBe('%PDF-');
    for (const bytes of [a, b, c]) expect(Buffer.from(bytes!).equals(Buffer.from(here))).toBe(true);
    expect(p.counts).toEqual({ worker: 3, here: 0 });
    expect(log.logged).toEqual([]);
  }, 60_000);

  it('a document the renderer cannot read fails as it would here, and the worker goes on', async () => {
    const p = pool();
    const log = recorder();
    await expect(
      p.render({ ...job, document: { ...invoice, lines: null } } as unknown as PdfJob, log),
    ).rejects.toThrow();
    expect(
      Buffer.from(await p.render(job, log))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(p.counts).toEqual({ worker: 1, here: 0 });
    expect(log.logged).toEqual([]);
  }, 60_000);

  it('a worker that cannot start: rendered here, said once', async () => {
    const p = pool(() => {
      throw new Error('no threads today');
    });
    const log = recorder();
    for (let i = 0; i < 2; i++)
      expect(
        Buffer.from(await p.render(job, log))
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    expect(p.counts).toEqual({ worker: 0, here: 2 });
    expect(log.logged).toEqual([
      'PDFs are rendered in the process from now on: the PDF worker thread failed (it could not start: no threads today)',
    ]);
  });

  it('a worker that dies with jobs in hand: each rendered here, said once', async () => {
    const p = pool(() => new Worker('setTimeout(() => process.exit(3), 50)', { eval: true }));
    const log = recorder();
    const bytes = await Promise.all([p.render(job, log), p.render(job, log)]);
    for (const b of bytes) expect(Buffer.from(b).subarray(0, 5).toString()).toBe('%PDF-');
    expect(p.counts).toEqual({ worker: 0, here: 2 });
    expect(log.logged).toEqual([
      'PDFs are rendered in the process from now on: the PDF worker thread failed (it exited with code 3)',
    ]);
  });

  it('a job the worker does not answer in time fails (its mail is retried) and a new worker takes the next', async () => {
    let spawned = 0;
    const p = pool(
      () => (++spawned === 1 ? new Worker('setInterval(() => {}, 1000)', { eval: true }) : spawnPdfWorker()),
      10_000,
    );
    const log = recorder();
    await expect(p.render(job, log)).rejects.toThrow('did not answer within');
    expect(
      Buffer.from(await p.render(job, log))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(spawned).toBe(2);
    expect(p.counts).toEqual({ worker: 1, here: 0 });
  }, 60_000);
});
