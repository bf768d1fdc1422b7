import { rgb } from 'pdf-lib';
import type { Voucher, VoucherSet } from '../../../contract/documents.ts';
import { formatDay } from '../../../contract/format.ts';
import { A4, ACCENT, MARGIN, MUTED, PdfWriter } from './pdf-writer.ts';
import { qrCode } from './qr.ts';

/*
 * Every voucher of a booking in one PDF, one voucher per page (a long one runs on): the booking
 * reference large with its QR code beside it, so a desk can read or scan it from a phone held up.
 */

const KIND_LABEL: Record<Voucher['kind'], string> = {
  stay: 'HOTEL VOUCHER',
  transfer: 'TRANSFER VOUCHER',
  sightseeing: 'SIGHTSEEING VOUCHER',
};
const QR_SIZE = 132;

export async function vouchersPdf(set: VoucherSet, issuedAt: Date): Promise<Uint8Array> {
  const w = await PdfWriter.create({
    title: `Vouchers for booking ${set.RefIdKey}`,
    author: set.help.name,
    subject: `${set.vouchers.length} vouchers`,
    date: issuedAt,
  });
  const { bold } = w;
  const qr = qrCode(set.RefIdKey);
  const names = set.travellers.map((t) => `${t.name}${t.lead ? ' (lead)' : ''}`).join(', ');
  const contact = [set.leadContact.phone, set.leadContact.email].filter(Boolean).join(' · ');
  const textWidth = A4[0] - MARGIN * 2 - QR_SIZE - 16;

  set.vouchers.forEach((v, i) => {
    if (i > 0) w.addPage();
    const top = w.y;
    w.page.drawSvgPath(qr.path, { x: A4[0] - MARGIN - QR_SIZE, y: top, scale: QR_SIZE / qr.size, color: rgb(0, 0, 0) });
    w.place(
      `Scan: ${set.RefIdKey}`,
      { x: A4[0] - MARGIN - QR_SIZE / 2 - w.width(`Scan: ${set.RefIdKey}`, w.regular, 8.5) / 2, y: top - QR_SIZE - 2 },
      { size: 8.5, color: MUTED },
    );

    w.text(set.help.name, { font: bold, size: 12, color: ACCENT, width: textWidth, gap: 6 });
    w.text(KIND_LABEL[v.kind], { font: bold, size: 11, color: MUTED, width: textWidth, gap: 2 });
    w.text('Booking reference', { size: 10, color: MUTED, width: textWidth });
    w.text(set.RefIdKey, { font: bold, size: 26, width: textWidth, gap: 2 });
    w.text(`Voucher ${v.number} · issued ${formatDay(set.issuedOn)}`, { size: 10, color: MUTED, width: textWidth });
    w.y = Math.min(w.y, top - QR_SIZE - 16);
    w.rule(8);

    w.text(v.title, { font: bold, size: 17, gap: 1 });
    w.text(
      `${v.packageTitle} · ${v.place ? `${v.place}, ` : ''}${v.city}${v.stay ? ` · stay ${v.stay.index} of ${v.stay.of}` : ''}`,
      { size: 12, color: MUTED, gap: 4 },
    );
    for (const d of v.details) {
      w.row(
        [
          { text: d.label, x: 0, width: 110, color: MUTED },
          { text: d.value, x: 115, width: A4[0] - MARGIN * 2 - 115, font: bold },
        ],
        12.5,
      );
    }
    w.row(
      [
        { text: 'Travellers', x: 0, width: 110, color: MUTED },
        { text: names, x: 115, width: A4[0] - MARGIN * 2 - 115 },
      ],
      12.5,
    );
    if (contact) {
      w.row(
        [
          { text: 'Lead contact', x: 0, width: 110, color: MUTED },
          { text: contact, x: 115, width: A4[0] - MARGIN * 2 - 115 },
        ],
        12.5,
      );
    }

    w.heading(v.kind === 'stay' ? 'Where you stay' : 'Operator');
    w.text(v.supplier.name, { font: bold, size: 12.5 });
    for (const line of v.supplier.address) w.text(line, { size: 12 });
    w.text(`${v.supplier.phone} · ${v.supplier.email}`, { size: 12 });

    if (v.included.length) {
      w.heading('Included');
      w.bullets(v.included, 12);
    }
    if (v.payLocally?.length) {
      w.heading('Not included: paid locally');
      w.bullets(v.payLocally, 12);
    }
    if (v.notes.length) {
      w.heading(v.kind === 'stay' ? 'At check-in' : 'Good to know');
      w.bullets(v.notes, 11.5);
    }
    if (set.paymentDue) {
      w.y -= 8;
      w.panel([
        { text: 'Payment due', font: bold, size: 12, gap: 2 },
        { text: set.paymentDue.text, size: 11.5 },
      ]);
    }
  });

  w.footer(`${set.help.name}, day and night: ${set.help.phone} · ${set.help.email}`);
  return w.save();
}
