import type { Site } from '../../contract/site.ts';
import type { Db } from '../db/client.ts';
import { enquiries } from '../db/schema.ts';

export type EnquiryKind = 'contact' | 'home' | 'package' | 'exit';

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

const TITLES: Record<EnquiryKind, string> = {
  contact: 'Contact enquiry',
  home: 'Call-back request (home page)',
  package: 'Package enquiry',
  exit: 'Call-back request (exit popup)',
};

/** The mail the shop's team receives for an enquiry: plain text, one field a line. */
export function enquiryMail(e: { id: number; kind: EnquiryKind; site: Site; payload: Record<string, unknown>; attachment?: string }) {
  const name = String(e.payload.FullName ?? [e.payload.FirstName, e.payload.LastName].filter(Boolean).join(' '));
  const lines = Object.entries(e.payload)
    .filter(([, v]) => v !== '' && v !== undefined && v !== null)
    .map(([k, v]) => `${k}: ${String(v).replace(/\r?\n/g, '\n    ')}`);
  if (e.attachment) lines.push(`Attachment: ${e.attachment}`);
  return {
    subject: `[${e.site}] ${TITLES[e.kind]} #${e.id}${name ? ` from ${name.replace(/[\r\n]+/g, ' ').slice(0, 80)}` : ''}`,
    text: [`${TITLES[e.kind]} on the ${e.site === 'IN' ? 'India' : 'UAE'} site.`, '', ...lines].join('\n'),
  };
}
