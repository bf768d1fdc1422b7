import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { BookingSummary, DocumentVersion } from '../../../contract/booking.ts';
import { shopDbAtVersion } from '../../../tests/support/shop-db-releases.ts';
import { openShopDb, type ShopDb } from '../../lib/db.ts';
import {
  clearWallet,
  dueForSync,
  isVoucherSet,
  lastVoucherCopy,
  listEntry,
  versionOf,
  voucherCopy,
  walletEntries,
} from './wallet.ts';

const detail = {
  BookingId: 7,
  RefIdKey: 'WL-ABCDE-12345',
  Status: 'confirmed',
  PaymentStatus: 'paid',
  Currency: 'AED',
  site: 'UAE',
  title: 'Dubai Luxury Escape',
  firstTravelDate: '2027-02-24',
  createdAt: '2026-11-26T20:54:00.000Z',
  Total: 165000,
  moreLines: 0,
  travellerCount: 2,
};
const row = {
  ref: 'WL-ABCDE-12345',
  userId: '42',
  savedAt: 1,
  version: 'confirmed|paid|165000',
  detail,
  invoice: { number: 'WLH-AE-000001' },
  vouchers: null,
  invoicePdf: new Blob(['%PDF-']),
  vouchersPdf: null,
};

describe("the wallet's rows read by their shape (My trips loads no schemas)", () => {
  it('takes a saved row, a copy from before credit notes getting none', () => {
    expect(listEntry(row)).toEqual({ ...row, creditNote: null, creditNotePdf: null, moneyDocuments: [] });
  });

  it('keeps a row’s receipt vouchers and debit notes with their PDFs', () => {
    const kept = {
      ...row,
      moneyDocuments: [
        { document: { number: 'WLH-IN-RV-000001' }, pdf: new Blob(['%PDF-']) },
        { document: { number: 'WLH-IN-DN-000001' }, pdf: null },
      ],
    };
    expect(listEntry(kept)?.moneyDocuments).toEqual(kept.moneyDocuments);
  });

  it('leaves out a row of another shape rather than showing it half', () => {
    for (const bad of [
      null,
      'WL-ABCDE-12345',
      { ...row, savedAt: '1' },
      { ...row, detail: null },
      { ...row, detail: { ...detail, RefIdKey: 'WL-OTHER-00000' } },
      { ...row, detail: { ...detail, site: 'US' } },
      { ...row, detail: { ...detail, Total: '1650.00' } },
      { ...row, detail: { ...detail, createdAt: undefined } },
      { ...row, invoicePdf: 'not a blob' },
      { ...row, moneyDocuments: 'not a list' },
      { ...row, moneyDocuments: [{ document: {}, pdf: 'not a blob' }] },
    ]) {
      expect(listEntry(bad)).toBeNull();
    }
  });
});

const docs: DocumentVersion[] = [
  { kind: 'tax-invoice', number: 'WLH-AE-000001', version: 'aaaaaaaaaaaa' },
  { kind: 'voucher', number: 'WL-ABCDE-12345-01', version: 'bbbbbbbbbbbb' },
  { kind: 'voucher', number: 'WL-ABCDE-12345-02', version: 'cccccccccccc' },
];
const summary = { ...detail, PaymentMethod: 'stripe', vouchersIssued: true, documentVersions: docs } as BookingSummary;

describe('the saved copy is keyed on its documents (docs/decisions/0107)', () => {
  it('changes with any document’s version, number or kind, with one more or one fewer, and not with their order', () => {
    const key = versionOf(summary);
    expect(versionOf({ ...summary, documentVersions: [...docs].reverse() })).toBe(key);
    const changed = [
      docs.map((d, i) => (i === 1 ? { ...d, version: 'dddddddddddd' } : d)),
      docs.map((d, i) => (i === 0 ? { ...d, kind: 'proforma' as const, number: 'WL-ABCDE-12345' } : d)),
      docs.slice(0, 2),
      [...docs, { kind: 'receipt' as const, number: 'WLH-AE-RV-000001', version: 'eeeeeeeeeeee' }],
      [...docs, { kind: 'credit-note' as const, number: 'WLH-AE-CN-000001', version: 'ffffffffffff' }],
    ];
    for (const documentVersions of changed) expect(versionOf({ ...summary, documentVersions })).not.toBe(key);
    // The state and the total still count.
    expect(versionOf({ ...summary, PaymentStatus: 'partly-refunded' })).not.toBe(key);
  });

  it('a copy whose documents are the server’s is not fetched again; one whose voucher changed is', () => {
    const saved = [{ ref: summary.RefIdKey, version: versionOf(summary) }];
    expect(dueForSync([summary], saved)).toEqual([]);
    const confirmedBySupplier = {
      ...summary,
      documentVersions: docs.map((d, i) => (i === 2 ? { ...d, version: '000000000000' } : d)),
    };
    expect(dueForSync([confirmedBySupplier], saved)).toEqual([confirmedBySupplier]);
  });
});

describe('a phone that saved its trips under the last release', () => {
  const dbs: string[] = [];
  afterEach(async () => {
    for (const name of dbs.splice(0)) await Dexie.delete(name);
  });

  it('keeps showing the old copy (offline), and saves it again once when the server’s list is read', async () => {
    const name = `wallet-upgrade-${Date.now()}`;
    dbs.push(name);
    // The database as the last release left it (the same tables), with a copy keyed Status|PaymentStatus|Total.
    const old = shopDbAtVersion(name, 4);
    await old.table('wallet').put(row);
    old.close();

    const db: ShopDb = openShopDb(name);
    try {
      const kept = await walletEntries('42', db);
      expect(kept.map((e) => [e.ref, e.version])).toEqual([['WL-ABCDE-12345', 'confirmed|paid|165000']]);
      // Online: the server's list carries the documents, so the old copy is due, once.
      expect(dueForSync([summary], kept)).toEqual([summary]);
      await db.wallet.put({ ...row, version: versionOf(summary) });
      expect(dueForSync([summary], await walletEntries('42', db))).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe('the voucher page reads one saved trip by its shape (no schemas on a tap, docs/decisions/0088)', () => {
  const voucher = {
    number: 'WL-ABCDE-12345-01',
    kind: 'stay',
    title: 'Hotel stay',
    position: 1,
    packageTitle: 'Dubai Luxury Escape',
    city: 'Dubai',
    startDate: '2027-02-24',
    endDate: '2027-02-27',
    supplier: {
      name: 'Atlantis The Palm',
      address: ['Crescent Road', 'Dubai'],
      phone: '+971 4 426 2000',
      email: 'desk@example.com',
    },
    details: [{ label: 'Rooms', value: '1 Deluxe' }],
    included: ['Breakfast'],
    notes: ['Check-in from 15:00'],
    place: 'Palm Jumeirah',
    stay: { index: 1, of: 1 },
  };
  const set = {
    BookingId: 7,
    RefIdKey: 'WL-ABCDE-12345',
    site: 'UAE',
    status: 'confirmed',
    paymentStatus: 'paid',
    issuedOn: '2026-11-26',
    travellers: [{ name: 'Ms Wallet Bench', ageBand: 'adult', lead: true }],
    leadContact: { phone: null, email: null },
    qr: { text: 'WL-ABCDE-12345', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
    paymentDue: null,
    help: { name: 'Wanderlust', phone: '+971 4 000 0000', email: 'help@example.com' },
    vouchers: [voucher],
    pdf: { filename: 'vouchers-WL-ABCDE-12345.pdf', url: '/api/Common/GenerateAllVoucher?BookingId=7&format=pdf' },
  };
  const dbs: string[] = [];
  afterEach(async () => {
    for (const name of dbs.splice(0)) await Dexie.delete(name);
  });

  it('takes a voucher set as the server gives it (the contract’s schema agrees), and refuses one of another shape', async () => {
    const { voucherSetSchema } = await import('../../../contract/documents.ts');
    expect(voucherSetSchema.safeParse(set).success).toBe(true);
    expect(isVoucherSet(set)).toBe(true);
    expect(
      isVoucherSet({ ...set, paymentDue: { amount: 1000, currency: 'AED', dueOn: null, text: 'Balance due' } }),
    ).toBe(true);
    for (const bad of [
      null,
      { ...set, qr: null },
      { ...set, RefIdKey: 7 },
      { ...set, travellers: [{ name: null }] },
      { ...set, help: {} },
      { ...set, pdf: undefined },
      { ...set, paymentDue: { amount: 1000 } },
      { ...set, vouchers: 'none' },
      { ...set, vouchers: [{ ...voucher, supplier: { ...voucher.supplier, address: 'one line' } }] },
      { ...set, vouchers: [{ ...voucher, details: [{ label: 'Rooms' }] }] },
      { ...set, vouchers: [{ ...voucher, stay: { index: '1' } }] },
      { ...set, vouchers: [{ ...voucher, included: undefined }] },
      { ...set, vouchers: [{ ...voucher, kind: 'flight' }] },
    ]) {
      expect(isVoucherSet(bad)).toBe(false);
      if (bad) expect(voucherSetSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('reads the one trip asked for, and no copy for a missing trip or a row of another shape', async () => {
    const name = `wallet-voucher-${Date.now()}`;
    dbs.push(name);
    const db: ShopDb = openShopDb(name);
    try {
      await db.wallet.bulkPut([
        { ...row, vouchers: set, vouchersPdf: new Blob(['%PDF-']) },
        {
          ...row,
          ref: 'WL-OTHER-00000',
          detail: { ...detail, RefIdKey: 'WL-OTHER-00000' },
          vouchers: { ...set, vouchers: [{ ...voucher, notes: null }] },
        },
      ]);
      const copy = await voucherCopy('WL-ABCDE-12345', db);
      expect(copy?.vouchers).toEqual(set);
      expect(copy?.vouchersPdf).toBeInstanceOf(Blob);
      expect(await voucherCopy('WL-OTHER-00000', db)).toBeNull();
      expect(await voucherCopy('WL-NOPE0-00000', db)).toBeNull();
      // A copy saved before its vouchers came (pay later): the page says why it has none.
      await db.wallet.put({ ...row, ref: 'WL-LATER-00000', detail: { ...detail, RefIdKey: 'WL-LATER-00000' } });
      expect((await voucherCopy('WL-LATER-00000', db))?.vouchers).toBeNull();
      // What My trips read is the page's first render, checked as the read is; nothing once signed out.
      await clearWallet();
      expect(lastVoucherCopy('WL-ABCDE-12345')).toBeUndefined();
      await walletEntries('42', db);
      expect(lastVoucherCopy('WL-ABCDE-12345')?.vouchers).toEqual(set);
      expect(lastVoucherCopy('WL-OTHER-00000')).toBeUndefined();
      await clearWallet();
      expect(lastVoucherCopy('WL-ABCDE-12345')).toBeUndefined();
    } finally {
      db.close();
    }
  });
});
