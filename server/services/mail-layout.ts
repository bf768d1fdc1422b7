import mjml2html from 'mjml';

/*
 * The traveller's mails (docs/decisions/0067): each notice is written once, as a layout of blocks,
 * and both parts come from it: the plain-text part when it is queued (the words tests and mail
 * apps without HTML read), the HTML part from one MJML template when the outbox sends it (MJML
 * writes the tables and inline styles that phones' mail apps need). Nothing here is hand-built
 * HTML: every word is escaped into MJML, which renders it.
 */

/** A block of a mail, in reading order. */
export type MailBlock =
  /** A paragraph; a line break inside stays a line break. */
  | { p: string }
  /** Label and amount rows (a booking's lines, its totals); `strong` rows are the ones to read. */
  | { rows: { label: string; value: string; strong?: boolean }[] }
  /** A framed box (how to pay by bank transfer): a title, lines, and a line after the box. */
  | { box: { title: string; lines: string[]; after?: string } }
  /** A sentence with its link: the text part writes "text: url", the HTML a button with `button`. */
  | { link: { text: string; button: string; url: string } };

export interface MailLayout {
  /** The shop's name (the header and the signature) and its phone (the footer). */
  shop: { tradeName: string; phone: string };
  /** The big line at the top of the HTML part ("Your booking is confirmed"). */
  heading: string;
  /** The inbox preview line. */
  preheader: string;
  /** "Dear Ms Asha Rao,". */
  greeting: string;
  blocks: MailBlock[];
}

/**
 * "Dear Ms Asha Rao,": the greeting of every traveller's mail, from the lead traveller's name ("Hello," without one).
 */
export function greetingOf(
  lead: { title?: string | null; firstName?: string | null; lastName?: string | null } | null | undefined,
): string {
  const name = lead ? [lead.title, lead.firstName, lead.lastName].filter(Boolean).join(' ') : '';
  return name ? `Dear ${name},` : 'Hello,';
}

/** The plain-text part: greeting, blocks a blank line apart, the shop's name to sign. */
export function layoutText(l: MailLayout): string {
  const parts = l.blocks.map((b) => {
    if ('p' in b) return b.p;
    if ('rows' in b) return b.rows.map((r) => `${r.label}: ${r.value}`).join('\n');
    if ('box' in b)
      return [b.box.title, ...b.box.lines.map((x) => `  ${x}`), ...(b.box.after ? [b.box.after] : [])].join('\n');
    return `${b.link.text}: ${b.link.url}`;
  });
  return [l.greeting, ...parts, l.shop.tradeName].join('\n\n');
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const lines = (s: string) => s.split('\n').map(esc).join('<br />');
/** Only web links become buttons: anything else in a layout is shown as text. */
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? esc(url) : null);

const BRAND = '#0f766e';
const INK = '#0f172a';
const SOFT = '#475569';

function blockMjml(b: MailBlock): string {
  if ('p' in b) return `<mj-text>${lines(b.p)}</mj-text>`;
  if ('rows' in b) {
    const rows = b.rows
      .map((r) => {
        const weight = r.strong ? 'font-weight:bold;' : '';
        return `<tr style="border-top:1px solid #e2e8f0;"><td style="padding:6px 8px 6px 0;${weight}">${esc(r.label)}</td><td style="padding:6px 0;text-align:right;white-space:nowrap;${weight}">${esc(r.value)}</td></tr>`;
      })
      .join('');
    return `<mj-table font-size="15px" line-height="1.4" color="${INK}">${rows}</mj-table>`;
  }
  if ('box' in b) {
    return [
      `<mj-text container-background-color="#f1f5f9" padding="16px 20px"><strong>${esc(b.box.title)}</strong><br />${b.box.lines.map(esc).join('<br />')}</mj-text>`,
      ...(b.box.after ? [`<mj-text>${lines(b.box.after)}</mj-text>`] : []),
    ].join('');
  }
  const url = safeUrl(b.link.url);
  if (!url) return `<mj-text>${lines(`${b.link.text}: ${b.link.url}`)}</mj-text>`;
  return `<mj-text padding-bottom="4px">${lines(b.link.text)}</mj-text><mj-button href="${url}" background-color="${BRAND}" color="#ffffff" font-size="15px" font-weight="bold" border-radius="8px" align="left" inner-padding="12px 22px">${esc(b.link.button)}</mj-button>`;
}

/** The MJML source of a mail (exported for the template's tests). */
export function layoutMjml(l: MailLayout, subject: string): string {
  return `<mjml lang="en">
  <mj-head>
    <mj-title>${esc(subject)}</mj-title>
    <mj-preview>${esc(l.preheader)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.55" color="${INK}" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f8fafc" width="600px">
    <mj-section background-color="${BRAND}" padding="16px 0">
      <mj-column><mj-text color="#ffffff" font-size="18px" font-weight="bold">${esc(l.shop.tradeName)}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="12px 0 20px">
      <mj-column>
        <mj-text font-size="22px" line-height="1.3" font-weight="bold">${esc(l.heading)}</mj-text>
        <mj-text>${esc(l.greeting)}</mj-text>
        ${l.blocks.map(blockMjml).join('\n        ')}
        <mj-text>${esc(l.shop.tradeName)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="12px 0">
      <mj-column><mj-text font-size="12px" color="${SOFT}">${esc(l.shop.tradeName)} · ${esc(l.shop.phone)}<br />You get this mail about your booking with us.</mj-text></mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/**
 * The HTML part of a laid-out mail. Errors in the template throw (the outbox then sends the text part alone and logs
 * them).
 */
export async function layoutHtml(l: MailLayout, subject: string): Promise<string> {
  const out = await mjml2html(layoutMjml(l, subject), { validationLevel: 'strict', keepComments: false });
  return out.html;
}

/** A laid-out mail as the outbox queues it: the text part now, the layout for the HTML part at send time. */
export function laidOut(l: MailLayout): { text: string; layout: MailLayout } {
  // Only the shop's name and phone go into the queued mail, whatever else the caller's shop holds.
  const layout = { ...l, shop: { tradeName: l.shop.tradeName, phone: l.shop.phone } };
  return { text: layoutText(layout), layout };
}
