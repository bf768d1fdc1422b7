import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutHtml, layoutText, laidOut, type MailLayout } from '../../server/services/mail-layout.ts';
import { mailHtml, mailText } from '../support/mail-catcher.ts';
import {
  book,
  createBookingKit,
  findPackage,
  holdId,
  lead,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';

/*
 * The traveller's mails are HTML with a plain-text part (issue 22): one layout gives both, the
 * HTML from the MJML template. Checked on the template itself and on a booking's confirmation as
 * it arrives over SMTP from the outbox.
 */

const LAYOUT: MailLayout = {
  shop: { tradeName: 'Wanderlust Holidays', phone: '+971 4 000 0000' },
  heading: 'Your booking is confirmed',
  preheader: 'Booking WL-1: Dubai, total AED 2,000.00',
  greeting: 'Dear Ms <b>Asha</b> & "Rao",',
  blocks: [
    { p: 'Thank you.\nYour booking reference is WL-1.' },
    {
      rows: [
        { label: 'Subtotal', value: 'AED 1,904.76' },
        { label: 'Total', value: 'AED 2,000.00', strong: true },
      ],
    },
    {
      box: {
        title: 'To pay by bank transfer:',
        lines: ['Wanderlust Holidays LLC', 'Reference: WL-1'],
        after: 'Or call us.',
      },
    },
    {
      link: { text: 'See your booking in My trips', button: 'Open my booking', url: 'https://shop.example/trips/WL-1' },
    },
    { link: { text: 'Not a web link', button: 'Never a button', url: 'javascript:alert(1)' } },
  ],
};

describe('the mail template', () => {
  it('writes the text part from the layout: greeting, blocks a blank line apart, rows as "label: value", links as "text: url", signed', () => {
    expect(layoutText(LAYOUT)).toBe(
      [
        'Dear Ms <b>Asha</b> & "Rao",',
        'Thank you.\nYour booking reference is WL-1.',
        'Subtotal: AED 1,904.76\nTotal: AED 2,000.00',
        'To pay by bank transfer:\n  Wanderlust Holidays LLC\n  Reference: WL-1\nOr call us.',
        'See your booking in My trips: https://shop.example/trips/WL-1',
        'Not a web link: javascript:alert(1)',
        'Wanderlust Holidays',
      ].join('\n\n'),
    );
  });

  it('renders HTML a phone reads: viewport, preheader, the amounts in a table, a button to the link, every word escaped, no script link', async () => {
    const html = await layoutHtml(LAYOUT, 'Booking confirmed: WL-1');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('name="viewport"');
    expect(html).toContain('<title>Booking confirmed: WL-1</title>');
    expect(html).toContain('Booking WL-1: Dubai, total AED 2,000.00');
    expect(html).toMatch(/<td[^>]*>Subtotal<\/td>\s*<td[^>]*>AED 1,904.76<\/td>/);
    expect(html).toMatch(/<td[^>]*font-weight:bold[^>]*>Total<\/td>/);
    expect(html).toMatch(/<a\s+href="https:\/\/shop.example\/trips\/WL-1"[^>]*>\s*Open my booking\s*<\/a>/);
    expect(html).toContain('Thank you.<br />Your booking reference is WL-1.');
    expect(html).toContain('Dear Ms &lt;b&gt;Asha&lt;/b&gt; &amp; &quot;Rao&quot;,');
    expect(html).not.toContain('<b>Asha</b>');
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('Never a button');
  });

  it('queues only the shop name and phone from whatever shop details the notice was given', () => {
    const shop = { ...LAYOUT.shop, bank: { iban: 'AE00 0000' }, email: 'hello@example.com' };
    const mail = laidOut({ ...LAYOUT, shop });
    expect(mail.layout.shop).toEqual(LAYOUT.shop);
    expect(JSON.stringify(mail)).not.toContain('AE00');
  });
});

describe('booking mails over SMTP', () => {
  let kit: BookingKit;
  beforeAll(async () => {
    kit = await createBookingKit();
  });
  afterAll(() => kit?.close());

  it('the confirmation arrives as HTML and plain text saying the same, with the proforma invoice attached', async () => {
    const who = await traveller(kit, 'zara');
    const pkg = await findPackage(kit, { rooms: 10, inIndia: false });
    const id = await holdId(kit, who.token, 'UAE', [{ packageId: pkg.id }]);
    const res = await book(kit, who.token, 'UAE', { TempBookingId: id, LeadTraveller: lead({ Email: who.email }) });
    expect(res.status, res.body.message).toBe(200);
    const b = res.body.data as { RefIdKey: string };
    const mail = await kit.mail.waitFor(who.email, { subject: `Booking confirmed: ${b.RefIdKey}` });

    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    const text = mailText(mail.raw);
    const html = mailHtml(mail.raw);
    expect(text).toContain(`Your booking reference is ${b.RefIdKey}`);
    expect(html).toContain(`Your booking reference is ${b.RefIdKey}`);
    const total = /^Total: (.+)$/m.exec(text)?.[1];
    expect(total, text).toBeTruthy();
    expect(html).toMatch(new RegExp(`>Total</td>\\s*<td[^>]*>${total!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</td>`));
    expect(html).toContain('Your booking is confirmed');
    expect(html).toMatch(new RegExp(`href="[^"]*/trips/${b.RefIdKey}"`));
    expect(html).toContain('IBAN');
    expect(html).not.toContain('<script');
  });
});
