import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiCall } from '../../contract/api.ts';
import type { Envelope } from '../../contract/envelope.ts';
import {
  ATTACHMENT_NOT_ALLOWED,
  ATTACHMENT_TOO_LARGE,
  MAX_ATTACHMENT_BYTES,
  contactParamsSchema,
  exitPopupPhone,
  validateContact,
  validateExitEnquiry,
  validateHomeEnquiry,
  validatePackageEnquiry,
  type EnquiryResult,
} from '../../contract/enquiry.ts';
import {
  saveHomePageEnquiryPopup,
  submitContactUs,
  submitEnquiryForm,
  submitExitPageEnquiry,
} from '../../contract/enquiry-calls.ts';
import { publicUrl } from '../config.ts';
import { ok } from '../lib/envelope.ts';
import { gone, invalid, DomainError } from '../lib/errors.ts';
import { formError } from '../lib/multipart.ts';
import { idempotencyKey } from '../lib/owner.ts';
import { route } from '../lib/route.ts';
import {
  ATTACHMENT_PATH,
  MAIL_ATTACHMENT_MAX_BYTES,
  attachmentLink,
  attachmentByLink,
  mailEnquiry,
  saveEnquiry,
  type EnquiryKind,
  type MailedAttachment,
} from '../services/enquiries/receive.ts';
import { once, type StoredResult } from '../services/idempotency.ts';
import { createMailer } from '../services/mail.ts';
import { hashAddress, hitRateLimit } from '../services/rate-limit.ts';
import { cleanFileName, detectDocumentType, storeUpload, type FileType } from '../services/uploads.ts';

const HOUR = 3_600_000;

const THANKS: Record<EnquiryKind, string> = {
  contact: 'Thank you for contacting us. Our team will get back to you within one working day.',
  home: 'Thank you! Our travel expert will call you back.',
  package: 'Thank you for your enquiry. Our travel expert will contact you shortly.',
  exit: 'Thank you! We will call you back shortly.',
};

interface Attachment {
  name: string;
  content: Buffer;
  type: FileType;
}

/** Parameters sent as multipart fields, keyed as the schema names them (case-insensitive). */
function canonicalFields(shape: Record<string, unknown>, fields: Record<string, string>): Record<string, string> {
  const names = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) {
    const name = names.get(k.toLowerCase());
    if (name) out[name] = v;
  }
  return out;
}

/** Reads a multipart body: text fields and at most one document, checked by its bytes. */
async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: Attachment | null }> {
  const fields: Record<string, string> = {};
  let file: Attachment | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const content = await part.toBuffer();
      // An empty file input still sends a part with no name and no bytes.
      if (!part.filename && content.length === 0) continue;
      if (content.length === 0) throw new DomainError('invalid', 'The attached file is empty.');
      const type = detectDocumentType(content);
      if (!type) throw new DomainError('unsupported', ATTACHMENT_NOT_ALLOWED);
      file = { name: cleanFileName(part.filename, type.ext), content, type };
    }
  } catch (err) {
    throw formError(err, { tooLarge: ATTACHMENT_TOO_LARGE, files: 'Attach one file only.' });
  }
  return { fields, file };
}

/** Stored results carry the first answer; a replay keeps its status and message. */
function answer(reply: FastifyReply, result: StoredResult & { replayed: boolean }): Envelope<EnquiryResult> {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  const body = result.body as Envelope<EnquiryResult>;
  if (result.statusCode >= 400) throw DomainError.fromStatus(result.statusCode, body.message, body.data);
  return body;
}

export async function enquiryRoutes(app: FastifyInstance) {
  // Encapsulated here: only the enquiry routes accept multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 25 },
  });
  const mailer = createMailer(app.config, app.log);

  /** Per address, across every enquiry form and every instance (the count is in the database). */
  async function limitRate(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const ipHash = hashAddress(request.ip, app.config.AUTH_SECRET);
    const hit = await hitRateLimit(app.db, `enquiry:${ipHash}`, {
      limit: app.config.ENQUIRY_RATE_LIMIT,
      windowMs: HOUR,
    });
    if (!hit.allowed) {
      reply.header('retry-after', String(hit.retryAfter));
      const minutes = Math.ceil(hit.retryAfter / 60);
      throw new DomainError(
        'too_many',
        `You have sent several enquiries in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    return ipHash;
  }

  /** The stored file reaches the team: with the mail when small enough, and by a signed link always. */
  function mailed(file: Attachment, fileId: number): MailedAttachment {
    const link = attachmentLink(publicUrl(app.config), app.config.AUTH_SECRET, fileId);
    const small = file.content.length <= MAIL_ATTACHMENT_MAX_BYTES;
    return {
      name: file.name,
      size: file.content.length,
      ...link,
      content: small ? { bytes: file.content, mime: file.type.mime } : undefined,
    };
  }

  /** Validated enquiry → stored once per Idempotency-Key (the offline outbox retries) → mailed. */
  async function accept(
    c: ApiCall,
    kind: EnquiryKind,
    request: FastifyRequest,
    reply: FastifyReply,
    ipHash: string,
    payload: Record<string, unknown>,
    file: Attachment | null = null,
  ): Promise<Envelope<EnquiryResult>> {
    const saved: { id?: number; fileId?: number } = {};
    const result = await once(
      app.db,
      {
        owner: 'enquiry',
        key: idempotencyKey(request),
        route: c.path,
        params: { ...payload, site: request.site, file: file ? { name: file.name, size: file.content.length } : null },
      },
      async (tx) => {
        const stored = file
          ? await storeUpload(tx, app.files, {
              owner: 'enquiry',
              purpose: kind,
              originalName: file.name,
              type: file.type,
              content: file.content,
            })
          : null;
        saved.id = await saveEnquiry(tx, { kind, site: request.site, payload, fileId: stored?.id, ipHash });
        saved.fileId = stored?.id;
        return { statusCode: 200, body: ok({ EnquiryId: saved.id }, THANKS[kind]) };
      },
    );
    if (saved.id !== undefined) {
      const attachment = file && saved.fileId !== undefined ? mailed(file, saved.fileId) : undefined;
      mailEnquiry(
        { mailer, to: app.config.ENQUIRY_TO, log: request.log },
        { id: saved.id, kind, site: request.site, payload, attachment },
      );
    }
    return answer(reply, result);
  }

  function check(message: string | null) {
    if (message) throw invalid(message);
  }

  route(app, submitContactUs, async (query, request, reply) => {
    const ipHash = await limitRate(request, reply);
    let params: z.infer<typeof contactParamsSchema> = query;
    let file: Attachment | null = null;
    if (request.isMultipart()) {
      const body = await readMultipart(request);
      file = body.file;
      const parsed = submitContactUs.params.safeParse({
        ...query,
        ...canonicalFields(contactParamsSchema.shape, body.fields),
      });
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'The form is not valid.');
      params = parsed.data;
    }
    check(validateContact(params));
    return accept(submitContactUs, 'contact', request, reply, ipHash, { ...params, File: file?.name ?? '' }, file);
  });

  route(app, saveHomePageEnquiryPopup, async (params, request, reply) => {
    const ipHash = await limitRate(request, reply);
    check(validateHomeEnquiry(params));
    return accept(saveHomePageEnquiryPopup, 'home', request, reply, ipHash, params);
  });

  route(app, submitEnquiryForm, async (params, request, reply) => {
    const ipHash = await limitRate(request, reply);
    check(validatePackageEnquiry(params));
    return accept(submitEnquiryForm, 'package', request, reply, ipHash, params);
  });

  route(app, submitExitPageEnquiry, async (params, request, reply) => {
    const ipHash = await limitRate(request, reply);
    check(validateExitEnquiry(params));
    return accept(submitExitPageEnquiry, 'exit', request, reply, ipHash, { ...params, Phone: exitPopupPhone(params) });
  });

  // The link in the team's mail: signed with AUTH_SECRET and expiring, so it is the permission.
  app.get<{ Params: { fileId: string }; Querystring: { expires?: string; signature?: string } }>(
    `/${ATTACHMENT_PATH}/:fileId`,
    async (request, reply) => {
      const fileId = Number(request.params.fileId);
      const expires = Number(request.query.expires);
      const given = request.query.signature ?? '';
      const file = await attachmentByLink(app.db, app.config.AUTH_SECRET, fileId, expires, given);
      const bytes = await app.files.open(app.db, file.storedName);
      if (!bytes)
        throw gone('This attachment is no longer kept: enquiries and their files are erased after two years.');
      return reply
        .type(file.mime)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="${file.originalName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}
