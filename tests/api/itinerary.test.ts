import { eq } from 'drizzle-orm';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries, packages } from '../../server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let pkg: { id: number; slug: string; title: string };

beforeAll(async () => {
  t = await createTestApp({ config: { PUBLIC_URL: 'https://shop.example.com' } });
  const [row] = await t.database.db
    .select({ id: packages.id, slug: packages.slug, title: packages.title })
    .from(packages)
    .limit(1);
  pkg = row!;
});
afterAll(() => t.close());

const URL = '/api/Common/Holiday/Downloaditinaryform';
const BOUNDARY = '----itinerary-test-boundary';

function multipart(fields: Record<string, string>, file?: { name: string; content: string }) {
  let body = Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  if (file)
    body += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/plain\r\n\r\n${file.content}\r\n`;
  return {
    payload: `${body}--${BOUNDARY}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const good = () => ({
  FullName: 'Asha Rao',
  Email: 'asha.rao@gmail.com',
  Phone: '+971501234567',
  PackageSlug: pkg.slug,
  Message: 'Two adults in March',
});

/** The text drawn on the PDF's pages (pdf-lib writes Helvetica text as hex strings in flate streams). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      const content = inflateSync(pdf.subarray(start, end)).toString('latin1');
      for (const x of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g))
        parts.push(Buffer.from(x[1]!, 'hex').toString('latin1'));
    } catch {
      // Not a flate stream (fonts, object streams).
    }
  }
  return parts.join('\n');
}

describe('Holiday/Downloaditinaryform', () => {
  it('answers a valid multipart form with the itinerary as a PDF attachment, priced for the UAE site', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL, ...multipart(good()) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${pkg.slug}-itinerary.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(pkg.title.slice(0, 20));
    expect(text).toMatch(/From AED [\d,]+ per adult/);
    expect(text).not.toMatch(/INR|₹/);
    expect(text).toContain('Day 1:');
    expect(text).toContain('Inclusions');
    expect(text).toContain('Exclusions');
    expect(text).toContain('Asha Rao');
    expect(text).toContain(`https://shop.example.com/holidays/${pkg.slug}`);
  });

  it('prices the PDF in rupees for Country: IN and links the India page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      ...multipart(good()),
      headers: { ...multipart(good()).headers, country: 'IN' },
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toMatch(/From INR [\d,]+ per adult/);
    // Our prices are in rupees only (a destination's local fees may still be named in AED).
    expect(text).not.toMatch(/(From|was) AED/);
    expect(text).toContain(`https://shop.example.com/in/holidays/${pkg.slug}`);
  });

  it('stores each request as an itinerary enquiry', async () => {
    const before = await t.database.db.select().from(enquiries).where(eq(enquiries.kind, 'itinerary'));
    await t.app.inject({ method: 'POST', url: URL, ...multipart({ ...good(), FullName: 'Stored Person' }) });
    const after = await t.database.db.select().from(enquiries).where(eq(enquiries.kind, 'itinerary'));
    expect(after.length).toBe(before.length + 1);
    const row = after.find((e) => e.payload.FullName === 'Stored Person')!;
    expect(row.payload).toMatchObject({
      Email: 'asha.rao@gmail.com',
      Phone: '+971501234567',
      PackageId: pkg.id,
      PackageSlug: pkg.slug,
    });
    expect(row.site).toBe('UAE');
  });

  it('accepts PackageId instead of the slug, and a JSON body', async () => {
    const { PackageSlug: _omit, ...rest } = good();
    const res = await t.app.inject({ method: 'POST', url: URL, payload: { ...rest, PackageId: String(pkg.id) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(pkg.slug);
  });

  it('answers bad input with the JSON error envelope, never a PDF', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ ...good(), FullName: '' }, 400, 'All fields are required.'],
      [{ ...good(), Email: 'not-an-email' }, 400, 'Please enter a valid email address.'],
      [{ ...good(), Phone: '12345' }, 400, 'Please enter a valid phone number.'],
      [{ ...good(), PackageSlug: '' }, 400, 'Please tell us which holiday you want the itinerary for.'],
      [{ ...good(), PackageSlug: '', PackageId: 'abc' }, 400, 'PackageId must be a numeric id.'],
      [{ ...good(), PackageSlug: 'no-such-holiday' }, 404, 'This holiday package was not found.'],
      [{ ...good(), FullName: 'x'.repeat(101) }, 400, 'Full name is too long (at most 100 characters).'],
    ];
    for (const [fields, code, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: URL, ...multipart(fields) });
      expect(res.statusCode, message).toBe(code);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ status: 'error', message, data: null });
    }
  });

  it('takes no files and no oversized fields', async () => {
    const withFile = await t.app.inject({
      method: 'POST',
      url: URL,
      ...multipart(good(), { name: 'a.txt', content: 'hello' }),
    });
    expect(withFile.statusCode).toBe(400);
    expect(withFile.json()).toMatchObject({ status: 'error', message: 'This form takes no files.' });
    const huge = await t.app.inject({
      method: 'POST',
      url: URL,
      ...multipart({ ...good(), Message: 'x'.repeat(5000) }),
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.json().status).toBe('error');
  });
});
