import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { kickOutboxOf, watchQueued } from '../services/outbox.ts';

/**
 * A request's mail is sent as soon as it is answered (decision 0112): every request runs its handler with the mail it
 * queues watched (the shop's spec has changes sent as GET, SavePassword among them), and its response kicks the outbox
 * when it queued one, by then committed. So no route kicks the outbox itself, and none can forget to; a staff action
 * inside a request kicks after its own commit (services/staff/staff-action.ts), and a rolled-back mail is simply not
 * found. Registered on the root instance before the routes, so every route has it: the shop's, the desk's, the
 * gateways' webhooks.
 */
export function sendQueuedOnResponse(app: FastifyInstance, db: Db): void {
  const queued = new WeakSet<object>();
  app.addHook('preHandler', (request, _reply, done) => watchQueued(() => queued.add(request), done));
  app.addHook('onResponse', (request, _reply, done) => {
    if (queued.has(request)) kickOutboxOf(db);
    done();
  });
}
