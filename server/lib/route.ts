import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ApiCall } from '../../contract/api.ts';
import { envelopeSchema, type Envelope } from '../../contract/envelope.ts';
import { mergeParams } from './params.ts';

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
    // void: the handler sent the reply itself (a download).
  ) => Promise<Envelope<z.infer<C['data']>> | void>,
) {
  const answers = app.sharedAnswers;
  // A shared call is kept by the request as it was sent (address and body): a repeat is answered
  // before its parameters are read, a GET as soon as it is routed, a POST once its body is in.
  const keyOf = (request: FastifyRequest) => answers.key(request, request.url, request.rawBody ?? '');
  // Hooks in callback style: an async hook costs each request a promise or two (measured: four
  // async hooks took 18% off a hello world's requests per second, four callbacks 5%).
  const answerKept = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const kept = answers.cache.get(keyOf(request));
    if (kept) answers.send(request, reply, kept);
    else done();
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: c.method,
    url: `/${c.path}`,
    // Read by the cache headers (server/app.ts): only shared answers may be kept by anyone.
    config: { shared: c.shared === true },
    // A shared answer is compressed once when kept (server/lib/shared-answers.ts): @fastify/compress's
    // hooks would only look at each answer and pass it on. The app sends no compressed bodies.
    ...(c.shared ? { compress: false as const, decompress: false as const } : {}),
    schema: {
      querystring: c.params,
      response: { 200: envelopeSchema(c.data) },
    },
    // Parameters from the query and the body, merged (server/lib/params.ts), once a kept answer was not found.
    ...(c.shared && c.method === 'GET' ? { onRequest: answerKept } : {}),
    preValidation: c.shared && c.method === 'POST' ? [answerKept, mergeParams] : mergeParams,
    handler: c.shared
      ? // The same for every traveller: kept once serialised and served from memory until the content changes.
        async (request, reply) => {
          const envelope = await handler(request.query as z.infer<C['params']>, request, reply);
          return answers.send(request, reply, answers.store(keyOf(request), reply.serialize(envelope) as string));
        }
      : (request, reply) => handler(request.query as z.infer<C['params']>, request, reply),
  });
}
