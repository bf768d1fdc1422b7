import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { PDFDocument, rgb, type Color, type PDFFont, type PDFPage } from 'pdf-lib';

/*
 * The shop's documents as A4 PDFs: DejaVu Sans embedded (it has the rupee sign, which pdf-lib's
 * standard fonts lack), text at sizes that stay readable when a phone shows the whole page width,
 * and nothing that changes between two renderings of the same document: the dates are the
 * document's own, and the embedded fonts have fixed names instead of pdf-lib's random suffix.
 */

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 40;
export const CONTENT_WIDTH = A4[0] - MARGIN * 2;
export const INK = rgb(0.11, 0.13, 0.17);
export const MUTED = rgb(0.34, 0.37, 0.42);
export const ACCENT = rgb(0.0, 0.4, 0.45);
export const RULE = rgb(0.8, 0.82, 0.85);
export const TINT = rgb(0.93, 0.97, 0.97);

/*
 * The footer sits in the bottom margin: its text on the left in lines of FOOTER_SIZE, the last on
 * FOOTER_BASELINE, and `Page n of m` on the right of its first line. Its text wraps short of the
 * page label (room for `Page 99 of 99`), and the content stops CONTENT_GAP above the footer's top,
 * never less than CONTENT_BOTTOM from the page's foot: what does not fit goes on a new page.
 */
export const FOOTER_SIZE = 8.5;
export const FOOTER_LEADING = FOOTER_SIZE * 1.3;
export const FOOTER_BASELINE = MARGIN - 16;
/** Lines kept for a footer whose text the writer is not given when it is made; a longer one is cut. */
export const FOOTER_LINES = 2;
/** Between the footer's text and its page label. */
const FOOTER_GUTTER = 12;
/** The lowest the content reaches whatever the footer (the pages were laid out with this bottom). */
export const CONTENT_BOTTOM = MARGIN + 24;
/** Free space between the content's lowest point and the footer's top. */
export const CONTENT_GAP = 12;

const FONT_FILES = {
  regular: new URL('./fonts/DejaVuSans.ttf', import.meta.url),
  bold: new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url),
};
let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
/** Read once per process (per thread: the PDF worker has its own). */
const loadFonts = () =>
  (fontBytes ??= Promise.all([readFile(FONT_FILES.regular), readFile(FONT_FILES.bold)]).then(([regular, bold]) => ({
    regular,
    bold,
  })));

/**
 * fontkit with each font file parsed once per thread, not once per document: pdf-lib parses the
 * bytes it is given on every embed, about half of an invoice's 100 ms of CPU (decision 0094). A
 * parsed font is only read when a document lays out and subsets it, so documents share it.
 */
const parsed = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();
const sharedFontkit: typeof fontkit = {
  ...fontkit,
  create(data: Uint8Array, postscriptName?: string) {
    if (postscriptName !== undefined) return fontkit.create(data, postscriptName);
    let font = parsed.get(data);
    if (!font) parsed.set(data, (font = fontkit.create(data)));
    return font;
  },
};

/**
 * Text widths measured once per thread: fontkit lays a string out (OpenType shaping) every time
 * pdf-lib measures it, and wrapping measures each line again for every word it adds, most of a
 * document's CPU. Keyed by the font's name (the same two files, so the same widths in every
 * document), the text and the size; the exact value pdf-lib gives, so layouts do not change.
 */
const widths = new Map<string, number>();
const WIDTHS_KEPT = 200_000;
export function textWidth(font: PDFFont, text: string, size: number): number {
  const key = `${font.name}\u0000${size}\u0000${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    if (widths.size >= WIDTHS_KEPT) widths.clear();
    widths.set(key, (w = font.widthOfTextAtSize(text, size)));
  }
  return w;
}

export interface TextOptions {
  font?: PDFFont;
  size?: number;
  color?: Color;
  /** From the left margin. */
  x?: number;
  width?: number;
  /** Space after, in points. */
  gap?: number;
  align?: 'left' | 'right';
  lineHeight?: number;
  /**
   * Kept whole on one page: a paragraph that does not fit above the footer starts the next page (a note is never cut in
   * two).
   */
  keep?: boolean;
}

export interface DocumentInfo {
  title: string;
  author: string;
  subject: string;
  /** Creation and modification date: the document's own (a booking's confirmation), never now. */
  date: Date;
  /**
   * The footer's text on every page (footer() prints it): given here, the pages keep its room however many lines it
   * takes.
   */
  footer?: string;
}

/** A top-down writer over A4 pages: wraps text, starts a new page when one is full. */
export class PdfWriter {
  page!: PDFPage;
  /** The baseline area still free starts here (PDF coordinates: from the bottom). */
  y = 0;
  private readonly glyphs: Map<PDFFont, Set<number>> = new Map();
  /** The footer's lines, as wrapped; its room on the page is kept for `footerLines` of them. */
  private readonly footerText: string[];
  readonly footerLines: number;

  private constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    footer: string | undefined,
  ) {
    this.footerText = footer === undefined ? [] : this.wrap(footer, regular, FOOTER_SIZE, this.footerTextWidth);
    this.footerLines = Math.max(FOOTER_LINES, this.footerText.length);
    this.addPage();
  }

  /** The width the footer's text wraps in: the content's, less the widest page label and a gutter. */
  get footerTextWidth(): number {
    return CONTENT_WIDTH - textWidth(this.regular, 'Page 99 of 99', FOOTER_SIZE) - FOOTER_GUTTER;
  }

  /** The top of the footer's first line (its cap height bounded by the font size). */
  get footerTop(): number {
    return FOOTER_BASELINE + (this.footerLines - 1) * FOOTER_LEADING + FOOTER_SIZE;
  }

  /** The lowest point content may reach on a page. */
  get contentBottom(): number {
    return Math.max(CONTENT_BOTTOM, this.footerTop + CONTENT_GAP);
  }

  static async create(info: DocumentInfo): Promise<PdfWriter> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.registerFontkit(sharedFontkit);
    const fonts = await loadFonts();
    // Subset tags are normally random; fixed ones keep the bytes the same for the same document.
    const regular = await doc.embedFont(fonts.regular, { subset: true, customName: 'WLHAAA+DejaVuSans' });
    const bold = await doc.embedFont(fonts.bold, { subset: true, customName: 'WLHAAB+DejaVuSans-Bold' });
    doc.setTitle(info.title, { showInWindowTitleBar: true });
    doc.setAuthor(info.author);
    doc.setSubject(info.subject);
    doc.setCreator(info.author);
    doc.setProducer('pdf-lib');
    doc.setLanguage('en');
    doc.setCreationDate(info.date);
    doc.setModificationDate(info.date);
    return new PdfWriter(doc, regular, bold, info.footer);
  }

  addPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  /** Starts a new page unless `height` points still fit above the footer. */
  ensure(height: number) {
    if (this.y - height < this.contentBottom) this.addPage();
  }

  /** Characters the font has no glyph for print as '?', not as an invisible box. */
  printable(text: string, font: PDFFont): string {
    let known = this.glyphs.get(font);
    if (!known) {
      known = new Set(font.getCharacterSet());
      this.glyphs.set(font, known);
    }
    let out = '';
    for (const ch of text.replace(/[\t\u00a0\u202f]/g, ' ')) out += known.has(ch.codePointAt(0)!) ? ch : '?';
    return out;
  }

  width(text: string, font: PDFFont, size: number) {
    return textWidth(font, this.printable(text, font), size);
  }

  /** Lines of at most `width` points; a word longer than a line is cut. */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of this.printable(text, font).split(/\s*\n\s*/)) {
      let line = '';
      for (let word of paragraph.split(/\s+/).filter(Boolean)) {
        while (textWidth(font, word, size) > width && word.length > 1) {
          let cut = word.length - 1;
          while (cut > 1 && textWidth(font, word.slice(0, cut), size) > width) cut -= 1;
          if (line) lines.push(line);
          lines.push(word.slice(0, cut));
          line = '';
          word = word.slice(cut);
        }
        const next = line ? `${line} ${word}` : word;
        if (line && textWidth(font, next, size) > width) {
          lines.push(line);
          line = word;
        } else {
          line = next;
        }
      }
      if (line) lines.push(line);
    }
    return lines;
  }

  /** Draws wrapped text at the current position and moves down. */
  text(value: string, o: TextOptions = {}) {
    const font = o.font ?? this.regular;
    const size = o.size ?? 11;
    const x = MARGIN + (o.x ?? 0);
    const width = o.width ?? CONTENT_WIDTH - (o.x ?? 0);
    const leading = size * (o.lineHeight ?? 1.35);
    const lines = this.wrap(value, font, size, width);
    if (o.keep) this.ensure(lines.length * leading);
    for (const line of lines) {
      this.ensure(leading);
      const lineX = o.align === 'right' ? x + width - textWidth(font, line, size) : x;
      this.page.drawText(line, { x: lineX, y: this.y - size, size, font, color: o.color ?? INK });
      this.y -= leading;
    }
    this.y -= o.gap ?? 0;
  }

  /** Text at a fixed place on the current page, without moving the position (one line). */
  place(value: string, at: { x: number; y: number }, o: Omit<TextOptions, 'x' | 'gap'> = {}) {
    const font = o.font ?? this.regular;
    const size = o.size ?? 11;
    const line = this.printable(value, font);
    const x = o.align === 'right' ? at.x - textWidth(font, line, size) : at.x;
    this.page.drawText(line, { x, y: at.y - size, size, font, color: o.color ?? INK });
  }

  /** Columns side by side, each wrapped in its own width; the row is as tall as its tallest cell. */
  row(
    cells: { text: string; x: number; width: number; align?: 'left' | 'right'; font?: PDFFont; color?: Color }[],
    size = 11,
    gap = 2,
  ) {
    const leading = size * 1.35;
    const wrapped = cells.map((c) => this.wrap(c.text, c.font ?? this.regular, size, c.width));
    const height = Math.max(...wrapped.map((w) => w.length)) * leading;
    this.ensure(height);
    cells.forEach((c, i) => {
      const font = c.font ?? this.regular;
      wrapped[i]!.forEach((line, n) => {
        const x = MARGIN + c.x + (c.align === 'right' ? c.width - textWidth(font, line, size) : 0);
        this.page.drawText(line, { x, y: this.y - size - n * leading, size, font, color: c.color ?? INK });
      });
    });
    this.y -= height + gap;
  }

  /** A heading in the accent colour, kept on the page with what follows. */
  heading(value: string, size = 13) {
    this.ensure(size * 4);
    this.y -= 6;
    this.text(value, { font: this.bold, size, color: ACCENT, gap: 3 });
  }

  bullets(items: string[], size = 11) {
    for (const item of items) {
      this.ensure(size * 1.4);
      this.page.drawText('•', { x: MARGIN + 3, y: this.y - size, size, font: this.regular, color: ACCENT });
      this.text(item, { x: 14, size, gap: 2 });
    }
  }

  rule(space = 8) {
    this.ensure(space * 2);
    this.y -= space;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4[0] - MARGIN, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
    this.y -= space;
  }

  /** Paragraphs on a tinted panel, kept together on one page. */
  panel(items: (Omit<TextOptions, 'x' | 'width'> & { text: string })[]) {
    const pad = 10;
    const width = CONTENT_WIDTH - pad * 2;
    const height = items.reduce((sum, i) => {
      const size = i.size ?? 11;
      return (
        sum +
        this.wrap(i.text, i.font ?? this.regular, size, width).length * size * (i.lineHeight ?? 1.35) +
        (i.gap ?? 0)
      );
    }, pad * 2);
    this.ensure(height + 4);
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y - height,
      width: CONTENT_WIDTH,
      height,
      color: TINT,
      borderColor: ACCENT,
      borderWidth: 0.75,
    });
    this.y -= pad;
    for (const { text, ...o } of items) this.text(text, { ...o, x: pad, width });
    this.y -= pad + 4;
  }

  /**
   * The same footer on every page: `left` (the text the writer was made with, by default) wrapped
   * short of "Page n of m", which is on the right of its first line. Never more lines than the
   * pages kept room for: a longer text is cut with an ellipsis.
   */
  footer(left?: string) {
    const size = FOOTER_SIZE;
    const font = this.regular;
    let lines = left === undefined ? this.footerText : this.wrap(left, font, size, this.footerTextWidth);
    if (lines.length > this.footerLines) {
      let last = lines[this.footerLines - 1]!;
      while (last && textWidth(font, `${last}…`, size) > this.footerTextWidth) last = last.slice(0, -1).trimEnd();
      lines = [...lines.slice(0, this.footerLines - 1), `${last}…`];
    }
    // The last line on FOOTER_BASELINE (a one-line footer where it always was), the page label beside the first.
    const first = FOOTER_BASELINE + Math.max(0, lines.length - 1) * FOOTER_LEADING;
    const pages = this.doc.getPages();
    pages.forEach((p, i) => {
      const right = `Page ${i + 1} of ${pages.length}`;
      lines.forEach((line, n) =>
        p.drawText(line, { x: MARGIN, y: first - n * FOOTER_LEADING, size, font, color: MUTED }),
      );
      p.drawText(right, { x: A4[0] - MARGIN - textWidth(font, right, size), y: first, size, font, color: MUTED });
    });
  }

  /**
   * A signature block at the right, kept on one page: `For <seller>`, room to sign, a rule, and
   * who signs under it (`Authorised signatory`).
   */
  signature(forLine: string, label: string, size = 10) {
    // As wide as the seller's name (a rule long enough to sign on), at most 60% of the page.
    const width = Math.min(CONTENT_WIDTH * 0.6, Math.max(200, this.width(forLine, this.bold, size) + 1));
    const x = CONTENT_WIDTH - width;
    const leading = size * 1.35;
    const room = 30;
    const height =
      10 +
      this.wrap(forLine, this.bold, size, width).length * leading +
      room +
      4 +
      this.wrap(label, this.regular, size, width).length * leading;
    this.ensure(height);
    this.y -= 10;
    this.text(forLine, { font: this.bold, size, x, width });
    this.y -= room;
    this.page.drawLine({
      start: { x: MARGIN + x, y: this.y },
      end: { x: MARGIN + CONTENT_WIDTH, y: this.y },
      thickness: 0.75,
      color: INK,
    });
    this.y -= 4;
    this.text(label, { size, x, width, color: MUTED });
  }

  save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: false });
  }
}
