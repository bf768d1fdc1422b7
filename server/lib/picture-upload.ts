import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '../services/catalogue/images-admin.ts';
import { DomainError } from './errors.ts';
import { formError } from './multipart.ts';

/** A picture form as read: the one picture (field `file`) and the text fields beside it. */
export interface PictureForm {
  content: Buffer;
  fields: Record<string, string>;
}

/**
 * Refuses a picture upload that is not a form, saying which fields to send (e.g. "the field file").
 * Apart from reading it, so that a route can check what the picture is for before taking its bytes.
 */
export function requirePictureForm(request: FastifyRequest, fields: string): void {
  if (!request.isMultipart())
    throw new DomainError('unsupported', `Send the picture as a form (multipart/form-data) with ${fields}.`);
}

/**
 * Reads a picture form (package, deal and banner pictures alike): the last non-empty file and the
 * text fields; a form over the limits its route registered answers what to do, and no picture is a
 * refusal. The picture's kind and size are checked by the image service, not here.
 */
export async function readPictureForm(request: FastifyRequest): Promise<PictureForm> {
  const fields: Record<string, string> = {};
  let content: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const buf = await part.toBuffer();
      if (buf.length > 0) content = buf;
    }
  } catch (err) {
    throw formError(err, {
      tooLarge: `The picture is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB: save it smaller and upload it again.`,
      files: 'Upload one picture at a time.',
    });
  }
  if (!content) throw new DomainError('invalid', 'Choose a picture to upload.');
  return { content, fields };
}
