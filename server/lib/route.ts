import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ApiCall } from '../../contract/api.ts';
import { envelopeSchema, type Envelope } from '../../contract/envelope.ts';

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
  app.withTypeProvider<ZodTypeProvider>().route({
    method: c.method,
    url: `/${c.path}`,
    // Read by the cache headers (server/app.ts): only shared answers may be kept by anyone.
    config: { shared: c.shared === true },
    schema: {
      querystring: c.params,
      response: { 200: envelopeSchema(c.data) },
    },
    handler: (request, reply) => handler(request.query as z.infer<C['params']>, request, reply),
  });
}
