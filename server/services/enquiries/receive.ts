import { eq } from 'drizzle-orm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { enquiries, files } from '../../db/schema.ts';
import { forbidden, gone, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../mail.ts';

export type EnquiryKind = 'contact' | 'home' | 'package' | 'exit';
/** Every request the shop's team is told of: the enquiry forms and itinerary downloads. */
export type MailedKind = EnquiryKind | 'itinerary';

export async function saveEnquiry(
  db: Db,
  e: { kind: EnquiryKind; site: Site; payload: Record<string, unknown>; fileId?: number | null; ipHash: string | null },
): Promise<number> {
  const [row] = await db
    .insert(enquiries)
    .values({ kind: e.kind, site: e.site, payload: e.payload, fileId: e.fileId ?? null, ipHash: e.ipHash })
    .returning({ id: enquiries.id });
  return row!.id;
}

const TITLES: Record<MailedKind, string> = {
  contact: 'Contact enquiry',
  home: 'Call-back request (home page)',
  package: 'Package enquiry',
  exit: 'Call-back request (exit popup)',
  itinerary: 'Itinerary download',
};

/**
 * A contact message's file goes with the mail when it is at most this big (5 MB is 6.7 MB once
 * encoded, under the 10 MB many mail servers take); a link to it is in the mail either way.
 */
export const MAIL_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** How long the link to an enquiry's file in the team's mail works. */
export const ATTACHMENT_LINK_DAYS = 30;

export interface MailedAttachment {
  name: string;
  size: number;
  /** The signed, expiring link to the stored file. */
  url: string;
  expires: Date;
  /** The file itself, when small enough to go with the mail. */
  content?: { bytes: Buffer; mime: string };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The mail the shop's team receives for an enquiry: plain text, one field a line. */
export function enquiryMail(e: {
  id: number;
  kind: MailedKind;
  site: Site;
  payload: Record<string, unknown>;
  attachment?: MailedAttachment;
}) {
  const name = String(e.payload.FullName ?? [e.payload.FirstName, e.payload.LastName].filter(Boolean).join(' '));
  const lines = Object.entries(e.payload)
    .filter(([, v]) => v !== '' && v !== undefined && v !== null)
    .map(([k, v]) => `${k}: ${String(v).replace(/\r?\n/g, '\n    ')}`);
  const a = e.attachment;
  if (a) {
    const until = a.expires.toISOString().slice(0, 10);
    lines.push(
      '',
      a.content
        ? `Attachment: ${a.name} (${megabytes(a.size)}), attached to this mail and at ${a.url} (the link works until ${until})`
        : `Attachment: ${a.name} (${megabytes(a.size)}), too large to go with a mail: download it at ${a.url} (the link works until ${until})`,
    );
  }
  return {
    subject: `[${e.site}] ${TITLES[e.kind]} #${e.id}${name ? ` from ${name.replace(/[\r\n]+/g, ' ').slice(0, 80)}` : ''}`,
    text: [`${TITLES[e.kind]} on the ${e.site === 'IN' ? 'India' : 'UAE'} site.`, '', ...lines].join('\n'),
  };
}

/**
 * Tells the team (ENQUIRY_TO) of an enquiry. The traveller's answer does not wait for the mail
 * server; a failure is logged. With SMTP but no ENQUIRY_TO there is no one to tell.
 */
export function mailEnquiry(
  deps: { mailer: Mailer; to: string | undefined; log: { error(obj: object, msg?: string): void } },
  e: { id: number; kind: MailedKind; site: Site; payload: Record<string, unknown>; attachment?: MailedAttachment },
): void {
  if (!deps.to && deps.mailer.live) return;
  const m = enquiryMail(e);
  const replyTo = typeof e.payload.Email === 'string' && e.payload.Email ? e.payload.Email : undefined;
  const file = e.attachment?.content;
  void deps.mailer
    .send({
      to: deps.to ?? '(ENQUIRY_TO not set)',
      subject: m.subject,
      text: m.text,
      replyTo,
      attachments: file ? [{ filename: e.attachment!.name, content: file.bytes, contentType: file.mime }] : undefined,
    })
    .catch((err: unknown) => deps.log.error({ err, enquiryId: e.id }, 'enquiry mail failed'));
}

// ---------------------------------------------------------------- signed links to enquiry files

export const ATTACHMENT_PATH = 'EnquiryAttachment';

const signature = (secret: string, fileId: number, expires: number) =>
  createHmac('sha256', secret).update(`enquiry-attachment\n${fileId}\n${expires}`).digest('base64url');

/** A link to an enquiry's stored file that works until `expires`, signed with AUTH_SECRET (never sent to browsers). */
export function attachmentLink(
  origin: string,
  secret: string,
  fileId: number,
  now = Date.now(),
): { url: string; expires: Date } {
  const expires = Math.floor(now / 1000) + ATTACHMENT_LINK_DAYS * 86_400;
  const query = new URLSearchParams({ expires: String(expires), signature: signature(secret, fileId, expires) });
  return { url: `${origin}/api/Common/${ATTACHMENT_PATH}/${fileId}?${query}`, expires: new Date(expires * 1000) };
}

export function checkAttachmentLink(
  secret: string,
  fileId: number,
  expires: number,
  given: string,
  now = Date.now(),
): 'ok' | 'expired' | 'forged' {
  const wanted = Buffer.from(signature(secret, fileId, expires));
  const got = Buffer.from(given);
  if (got.length !== wanted.length || !timingSafeEqual(got, wanted)) return 'forged';
  return expires * 1000 < now ? 'expired' : 'ok';
}

/** The enquiry's stored file a signed link names: refused when the link is forged, expired or names no enquiry file. */
export async function attachmentByLink(db: Db, secret: string, fileId: number, expires: number, given: string) {
  if (!Number.isInteger(fileId) || fileId < 1 || !Number.isInteger(expires))
    throw notFound('There is no such attachment.');
  const check = checkAttachmentLink(secret, fileId, expires, given);
  if (check === 'forged') throw forbidden('This link is not valid. Open the attachment from the enquiry mail itself.');
  if (check === 'expired') throw gone('This link has expired: links in enquiry mails work for 30 days.');
  const [file] = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!file || file.owner !== 'enquiry') throw notFound('There is no such attachment.');
  return file;
}
