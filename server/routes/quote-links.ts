import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../lib/envelope.ts';
import { quoteView } from '../services/enquiries/inbox/quotes.ts';

const tokenParams = z.object({ token: z.string().min(1).max(100) });

/**
 * A quote's link, for a traveller who is not signed in (mounted at /api/quotes; docs/decisions/0101):
 * the signed link is the permission to read that one quote until it ends.
 */
export async function quoteLinkRoutes(appIn: FastifyInstance) {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    done(null, payload);
  });
  app.get('/:token', { schema: { params: tokenParams } }, async (request) =>
    ok(await quoteView(app.db, app.config, request.params.token, new Date())),
  );
}
