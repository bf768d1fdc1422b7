import { describe, expect, it } from 'vitest';
import { listEntry } from './wallet.ts';

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
const row = { ref: 'WL-ABCDE-12345', userId: '42', savedAt: 1, version: 'confirmed|paid|165000', detail, invoice: { number: 'WLH-AE-000001' }, vouchers: null, invoicePdf: new Blob(['%PDF-']), vouchersPdf: null };

describe("the wallet's rows read by their shape (My trips loads no schemas)", () => {
  it('takes a saved row, a copy from before credit notes getting none', () => {
    expect(listEntry(row)).toEqual({ ...row, creditNote: null, creditNotePdf: null, moneyDocuments: [] });
  });

  it('keeps a row’s receipt vouchers and debit notes with their PDFs', () => {
    const kept = { ...row, moneyDocuments: [{ document: { number: 'WLH-IN-RV-000001' }, pdf: new Blob(['%PDF-']) }, { document: { number: 'WLH-IN-DN-000001' }, pdf: null }] };
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
