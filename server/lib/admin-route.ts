import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminCall, AdminCallData, AdminCallRead, Read } from '../../contract/admin-api.ts';
import { envelopeSchema, type Envelope } from '../../contract/envelope.ts';
import { invalid } from './errors.ts';
import type { AdminContext, StaffActor } from '../routes/admin.ts';
import type { StaffSession } from '../services/staff/staff.ts';

/** Who calls: the signed-in member, except on a call made signed out (enrolment, sign-in), which has none. */
type Caller<C extends AdminCall> = C['permission'] extends 'signed-out'
  ? object
  : {
      /** The signed-in member, as the audit log names them. */
      actor: StaffActor;
      /** Their session (the calls on their own account under /me use it). */
      staff: StaffSession;
    };

/** What an admin call's handler gets: its parameters as its schemas read them, who calls, and the request itself. */
export type AdminInput<C extends AdminCall> = Caller<C> & {
  params: Read<C['params']>;
  query: AdminCallRead<C, 'query'>;
  body: AdminCallRead<C, 'body'>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** The body read by its schema, or a refusal with every field's message in one line ("lead.email: …; adults: …"). */
function everyField(schema: z.ZodType, body: unknown): unknown {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  throw invalid(
    r.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '),
  );
}

/** A stored file's answer in the API document (`file: 'stored'`): its description, one entry per media type. */
function storedFileAnswer(data: z.ZodType) {
  const meta = data.meta() as { description?: string; mediaTypes?: string[] } | undefined;
  return {
    description: meta?.description ?? 'A file, sent as a download.',
    content: Object.fromEntries((meta?.mediaTypes ?? []).map((type) => [type, { schema: z.string() }])),
  };
}

/**
 * Registers a back-office call from its declaration (contract/admin-api.ts, decision 0111): its
 * path, query and body checked by the declared schemas, the answer's `data` by the declared one,
 * and the guard of every admin route (ctx.guard: the session, the CSRF token on a change, then the
 * permission; server/routes/admin.ts runs it before anything else is read). The handler answers the
 * envelope, or nothing when it sent the reply itself.
 */
export function adminRoute<C extends AdminCall>(
  app: FastifyInstance,
  ctx: AdminContext,
  call: C,
  handler: (input: AdminInput<C>) => Promise<Envelope<AdminCallData<C>> | void>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: `/${call.path}`,
    // A call made signed out has no guard: it is how a session starts.
    ...(call.permission === 'signed-out' ? {} : { preHandler: ctx.guard(call.permission) }),
    schema: {
      ...(call.path.includes(':') ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body && !call.everyFieldMessage ? { body: call.body } : {}),
      // A file's answer is no envelope: the API document describes a CSV by its path (server/openapi.ts), a stored
      // file by the media types its declaration names.
      ...(call.file === 'stored'
        ? { response: { 200: storedFileAnswer(call.data) } }
        : call.file
          ? {}
          : { response: { 200: envelopeSchema(call.data) } }),
    },
    // A body checked here (everyFieldMessage) is still documented by its schema (server/openapi.ts).
    ...(call.body && call.everyFieldMessage ? { config: { documentedBody: call.body } } : {}),
    handler: async (request, reply) =>
      handler({
        params: request.params as Read<C['params']>,
        query: request.query as AdminCallRead<C, 'query'>,
        body: (call.body && call.everyFieldMessage
          ? everyField(call.body, request.body)
          : request.body) as AdminCallRead<C, 'body'>,
        ...(call.permission === 'signed-out' ? {} : { actor: ctx.actorOf(request), staff: request.staff! }),
        request,
        reply,
      } as AdminInput<C>),
  });
}
