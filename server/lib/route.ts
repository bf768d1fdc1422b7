import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ApiCall } from '../../contract/api.ts';
import { envelopeSchema, type Envelope } from '../../contract/envelope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call's answer is the same for every traveller (ApiCall.shared). */
    shared?: boolean;
  }
}

/**
 * Declares a route from its contract entry: parameters (query string or JSON body, merged) are
 * validated by the call's schema and the answer's `data` is serialised through the call's schema.
 */
export function route<C extends ApiCall>(
  app: FastifyInstance,
  c: C,
  handler: (
    params: z.infer<C['params']>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<Envelope<z.infer<C['data']>>>,
) {
  const answers = app.sharedAnswers;
  // A shared GET is kept by its address as asked: a repeat is answered before its parameters are
  // even read. A shared POST (parameters in the body) is kept by its parameters once validated.
  const keyOf = (request: FastifyRequest, params: unknown) => (c.method === 'GET' ? answers.key(request, request.url, null) : answers.key(request, c.path, params));
  app.withTypeProvider<ZodTypeProvider>().route({
    method: c.method,
    url: `/${c.path}`,
    // Read by the cache headers (server/app.ts): only shared answers may be kept by anyone.
    config: { shared: c.shared === true },
    schema: {
      querystring: c.params,
      response: { 200: envelopeSchema(c.data) },
    },
    ...(c.shared && c.method === 'GET'
      ? {
          onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
            const kept = answers.cache.get(keyOf(request, null));
            if (kept) return answers.send(request, reply, kept);
          },
        }
      : {}),
    handler: c.shared
      ? // The same for every traveller: kept once serialised and served from memory until the content changes.
        async (request, reply) => {
          const params = request.query as z.infer<C['params']>;
          const key = keyOf(request, params);
          const kept = answers.cache.get(key);
          if (kept) return answers.send(request, reply, kept);
          const envelope = await handler(params, request, reply);
          return answers.send(request, reply, answers.store(key, reply.serialize(envelope) as string));
        }
      : (request, reply) => handler(request.query as z.infer<C['params']>, request, reply),
  });
}
