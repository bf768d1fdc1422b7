import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { PackageDetail } from '../../contract/catalogue.ts';
import { formatMoney } from '../../contract/format.ts';
import type { Money } from '../../contract/site.ts';

/**
 * The itinerary of one package as a PDF, priced for the site that asked. Built with pdf-lib's
 * standard Helvetica (no font files to ship), so text is kept to its WinAnsi character set.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const WIDTH = A4[0] - MARGIN * 2;
const INK = rgb(0.11, 0.13, 0.17);
const MUTED = rgb(0.35, 0.38, 0.43);
const ACCENT = rgb(0.0, 0.4, 0.45);

/** Characters Helvetica's WinAnsi encoding has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text Helvetica can draw: known symbols spelled out, accents dropped where needed, the rest replaced. */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text
    .replace(/₹\s?/g, 'INR ')
    .replace(/[\u2010-\u2012]/g, '-')
    .replace(/\u00a0|\u202f/g, ' ')) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) {
      out += ch;
      continue;
    }
    if (ch === '\n' || ch === '\t') {
      out += ' ';
      continue;
    }
    const plain = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += plain && [...plain].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0x7e) ? plain : '?';
  }
  return out;
}

/** `AED 1,250` / `INR 1,25,000` (no rupee sign in the standard font). */
export function pdfMoney(m: Money): string {
  const text = formatMoney(m);
  return m.currency === 'INR' ? `INR ${text.replace('₹', '')}` : text;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of pdfSafe(text).split(/\s*\n\s*/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) {
        line = next;
      } else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

export interface ItineraryPdfInput {
  pkg: PackageDetail;
  travellerName: string;
  /** Absolute URL of the package page on the asking site. */
  pageUrl: string;
  company: string;
  now?: Date;
}

export async function itineraryPdf({
  pkg,
  travellerName,
  pageUrl,
  company,
  now = new Date(),
}: ItineraryPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(`${pkg.title}: itinerary`));
  doc.setAuthor(pdfSafe(company));
  doc.setSubject(pdfSafe(`${pkg.nights} nights in ${pkg.city.name}`));
  doc.setCreationDate(now);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  const ensure = (height: number) => {
    if (y - height < MARGIN + 20) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const text = (
    value: string,
    opts: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {},
  ) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 10.5;
    const indent = opts.indent ?? 0;
    const leading = size * 1.4;
    for (const line of wrap(value, font, size, WIDTH - indent)) {
      ensure(leading);
      page.drawText(line, { x: MARGIN + indent, y: y - size, size, font, color: opts.color ?? INK });
      y -= leading;
    }
    y -= opts.gap ?? 0;
  };
  const heading = (value: string) => {
    ensure(40);
    y -= 8;
    text(value, { font: bold, size: 14, color: ACCENT, gap: 4 });
  };
  const bullets = (items: string[]) => {
    for (const item of items) {
      ensure(16);
      page.drawText('-', { x: MARGIN + 4, y: y - 10.5, size: 10.5, font: regular, color: ACCENT });
      text(item, { indent: 16, gap: 2 });
    }
  };

  text(company, { font: bold, size: 11, color: ACCENT, gap: 6 });
  text(pkg.title, { font: bold, size: 20, gap: 4 });
  text(`${pkg.city.name} | ${pkg.nights} nights, ${pkg.days} days | ${pkg.tripType.name}`, {
    size: 11,
    color: MUTED,
    gap: 8,
  });
  const was = pkg.compareAt && pkg.compareAt.amount > pkg.price.amount ? ` (was ${pdfMoney(pkg.compareAt)})` : '';
  text(`From ${pdfMoney(pkg.price)} per adult${was}`, { font: bold, size: 13, gap: 4 });
  text(
    `Prepared for ${travellerName} on ${now.toISOString().slice(0, 10)}. Prices are per adult on a twin-sharing basis and subject to availability.`,
    {
      size: 9.5,
      color: MUTED,
      gap: 10,
    },
  );
  text(pkg.summary, { gap: 6 });

  if (pkg.highlights.length) {
    heading('Highlights');
    bullets(pkg.highlights);
  }

  heading('Day-by-day itinerary');
  for (const day of pkg.itinerary) {
    ensure(36);
    text(`Day ${day.day}: ${day.title}`, { font: bold, size: 11.5, gap: 1 });
    text(day.description, { gap: 6 });
  }

  heading('Inclusions');
  bullets(pkg.inclusions);
  heading('Exclusions');
  bullets(pkg.exclusions);

  y -= 10;
  text(`Book or ask us about this holiday: ${pageUrl}`, { size: 9.5, color: MUTED });

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const title = pkg.title.length > 70 ? `${pkg.title.slice(0, 67)}...` : pkg.title;
    const label = pdfSafe(`${company} | ${title} | page ${i + 1} of ${pages.length}`);
    p.drawText(label, { x: MARGIN, y: MARGIN - 24, size: 8, font: regular, color: MUTED });
  });
  return doc.save();
}
