import { sql } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { siteSchema, type Site } from '../contract/site.ts';
import { ADMIN_API_PREFIX } from '../contract/admin-api.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { sendError } from './lib/envelope.ts';
import { DomainError, STATUS_OF_KIND } from './lib/errors.ts';
import {
  DATABASE_BUSY_MESSAGE,
  DATABASE_RETRY_SECONDS,
  DatabaseReachability,
  DISK_FULL_MESSAGE,
  freeSpace,
  isDiskFull,
} from './lib/faults.ts';
import { logTransport } from './lib/log-output.ts';
import { apiDocument, apiDocumentRoutes } from './openapi.ts';
import { API_SECURITY_HEADERS, securityHeaders } from './lib/security-headers.ts';
import { SharedAnswers } from './lib/shared-answers.ts';
import { adminRoutes } from './routes/admin.ts';
import { payLinkRoutes } from './routes/pay-links.ts';
import { quoteLinkRoutes } from './routes/quote-links.ts';
import { authRoutes } from './routes/auth.ts';
import { pageFormRoutes } from './routes/page-forms.ts';
import { paymentWebhookRoutes } from './routes/payment-webhooks.ts';
import { commonRoutes } from './routes/index.ts';
import { seoRoutes } from './routes/seo.ts';
import { smsProviderFrom, type SmsProvider } from './services/sms.ts';
import { ContentVersion } from './services/content-version.ts';
import { createMailer } from './services/mail.ts';
import { startOutbox } from './services/outbox.ts';
import { sendQueuedOnResponse } from './lib/send-queued.ts';
import { attachmentRenderer } from './services/outbox-attachments.ts';
import { openFileStore, type FileStore } from './services/file-store.ts';
import { catalogueShopRoutes } from './routes/admin-catalogue.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** From the Country header: 'IN' or 'UAE' (default). */
    site: Site;
    /** A JSON body as it came, under /api/Common (server/lib/route.ts keys shared answers by it). */
    rawBody?: string;
  }
  interface FastifyInstance {
    db: Db;
    /** Uploaded files' bytes: the folder on PGlite, the database with DATABASE_URL (server/services/file-store.ts). */
    files: FileStore;
    config: Config;
    /** Text messages (one-time codes to phones); null when none is configured. */
    sms: SmsProvider | null;
    /** The catalogue's and content's version, read every CONTENT_CHECK_MS: the caches below follow it. */
    contentVersion: ContentVersion;
    /** Answers of shared calls, kept until the content changes (server/lib/shared-answers.ts). */
    sharedAnswers: SharedAnswers;
    /**
     * Sends queued mail now. Routes never call it (a request's mail is sent on its response:
     * server/lib/send-queued.ts), nor jobs (sendingQueued in services/outbox.ts); tests may.
     */
    kickOutbox: () => void;
    /** Resolves once the mail due now has been sent (or its retry scheduled): tests wait on it. */
    flushOutbox: () => Promise<void>;
  }
}

/** How often each process looks for queued mail; a route that queued one kicks it at once after its commit. */
const OUTBOX_INTERVAL_MS = 2000;
/** How long the readiness check waits for the database. */
const READY_TIMEOUT_MS = 2000;
/** How often each process looks at the content's version: a change shows everywhere within this. */
export const CONTENT_CHECK_MS = 1000;

export interface AppOptions {
  db: Db;
  config: Config;
  /** Adds the web front end (static files and server rendering); the API tests leave it out. */
  web?: (app: FastifyInstance) => Promise<void>;
  /** Text messages; by default the provider the configuration names (server/services/sms.ts). */
  sms?: SmsProvider | null;
  /** The clock of the staff sign-in (tests pass their own to reach timeouts). */
  now?: () => Date;
  /** How often the mail outbox is looked at (tests shorten it). */
  outboxIntervalMs?: number;
  /**
   * Secret of the loopback call of `npm run staff` while this server holds the PGlite data folder (server/start.ts).
   */
  staffCliSecret?: string;
  /** The embedded database's backup (Database.backup): `npm run db:backup` asks a running server for it. */
  backupDatabase?: () => Promise<Blob>;
  /** Told of every route as it is registered (the API document's test compares them with the document). */
  onRoute?: (route: RouteOptions) => void;
  /** Where uploaded files go; by default the one the configuration picks (openFileStore). */
  files?: FileStore;
  /**
   * Closes `db`: the app's close calls it last, once the mail outbox and the content check have
   * stopped (server/start.ts). Without it the caller closes the database after `app.close()`.
   */
  closeDatabase?: () => Promise<void>;
}

/** Turns zod's issues into one sentence a person can act on. */
function validationMessage(
  error: FastifyError & { validation?: { instancePath?: string; message?: string; params?: unknown }[] },
) {
  const first = error.validation?.[0];
  if (!first) return 'The request is not valid.';
  const field = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const message = first.message ?? 'is not valid';
  return field && !message.startsWith(field) ? `${field}: ${message}` : message;
}

/**
 * A form whose reading stopped halfway (a file's write failed, a refusal mid-upload): the rest of
 * the body is read and dropped, so that a client still sending gets the answer. Left piped into
 * the form parser, which nobody reads any more, the body stalled: the client waited, then reset.
 */
function dropRestOfForm(raw: IncomingMessage) {
  if (raw.complete || !/^multipart\//i.test(raw.headers['content-type'] ?? '')) return;
  raw.unpipe();
  raw.resume();
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            transport: logTransport(),
            // The spec's GET calls carry passwords, codes and tokens in the query string: log
            // the path only, never the query, the Authorization header or cookies.
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: req.url.split('?')[0],
                ip: req.ip,
              }),
            },
          },
    bodyLimit: 1024 * 1024,
    // Only a configured proxy may say who the client is (X-Forwarded-For): see TRUST_PROXY.
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', opts.db);
  app.decorate('config', config);
  app.decorate('files', opts.files ?? openFileStore(config));
  app.decorate('sms', opts.sms === undefined ? smsProviderFrom(config) : opts.sms);
  app.decorateRequest('site', 'UAE');
  // A database out of reach is said once in the log, and once when it is back (server/lib/faults.ts).
  const reachability = new DatabaseReachability(() => opts.db.execute(sql`select 1`), app.log);
  const contentVersion = new ContentVersion(opts.db, (err) => {
    if (!reachability.failed(err)) app.log.warn({ err }, 'reading the content version failed');
  });
  const sharedAnswers = new SharedAnswers();
  contentVersion.onChange(() => sharedAnswers.cache.clear());
  await contentVersion.check();
  contentVersion.start(CONTENT_CHECK_MS);
  app.decorate('contentVersion', contentVersion);
  // Mail that must not be lost: queued in the transaction of its change, sent from here (docs/decisions/0051).
  const outbox = startOutbox(
    opts.db,
    createMailer(config, app.log),
    reachability.quiet(app.log),
    attachmentRenderer(config, app.log),
    opts.outboxIntervalMs ?? OUTBOX_INTERVAL_MS,
  );
  app.decorate('kickOutbox', outbox.kick);
  sendQueuedOnResponse(app, opts.db);
  app.decorate('flushOutbox', outbox.flush);
  app.decorate('sharedAnswers', sharedAnswers);
  // Closing, in this order in one hook (Fastify runs onClose hooks last-registered first, after the
  // requests in flight were answered): the outbox takes no more mail and waits for the one it is
  // sending to be marked sent (issue 33: with the database closed first, a mail SMTP had accepted
  // stayed leased and went out again when its lease ended), then the database closes. Hooks
  // registered after this one (server/start.ts's timers, the web front end) run before it.
  app.addHook('onClose', async () => {
    try {
      await outbox.stop();
      contentVersion.stop();
      reachability.stop();
    } finally {
      await opts.closeDatabase?.();
    }
  });

  const documentHeaders = securityHeaders(config);
  // Every request passes these hooks: callbacks, not async functions (a promise per hook per request).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? API_SECURITY_HEADERS : documentHeaders);
    done();
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  app.addHook('onRequest', (request, reply, done) => {
    const header = request.headers.country;
    if (header === undefined || header === '') return done();
    // The two values the app sends, without a parse; anything else is read as written.
    const site = header === 'UAE' || header === 'IN' ? header : siteSchema.safeParse(String(header).toUpperCase()).data;
    if (!site) {
      sendError(reply, 400, 'The Country header must be IN or UAE.');
      return;
    }
    request.site = site;
    done();
  });

  // Shutting down: requests in flight still get their answers, then their connections close (a
  // kept-alive connection would otherwise hold the server open until it timed out).
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    dropRestOfForm(request.raw);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(reply, 400, validationMessage(error));
    }
    // The one place a service's refusal becomes an answer (docs/decisions/0070).
    if (error instanceof DomainError) {
      if (error.retryAfter) reply.header('retry-after', String(error.retryAfter));
      if (error.kind === 'storage_full') request.log.warn('a write found the disk full: answered 507');
      return sendError(reply, STATUS_OF_KIND[error.kind], error.message, error.data);
    }
    // Our faults, not the client's: a write that found no room (507, Insufficient Storage), and a
    // database out of reach (503 with Retry-After; logged once per outage, not per request).
    if (isDiskFull(error)) {
      request.log.warn({ err: error }, 'a write found the disk full: answered 507');
      return sendError(reply, 507, DISK_FULL_MESSAGE);
    }
    if (reachability.failed(error)) {
      reply.header('retry-after', String(DATABASE_RETRY_SECONDS));
      return sendError(reply, 503, DATABASE_BUSY_MESSAGE);
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, 'The request body is not valid JSON.');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return sendError(reply, 413, 'The request is too large.');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 415, 'Send the request as JSON (Content-Type: application/json) or as a form.');
      case 'FST_ERR_VALIDATION':
        return sendError(reply, 400, error.message);
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return sendError(reply, 400, 'The request body is not valid JSON.');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Something went wrong on our side. Please try again in a moment.');
  });

  // The API document collects every route registered from here on (server/openapi.ts).
  await apiDocument(app);

  await app.register(
    async (api) => {
      // JSON, forms where a call takes them (multipart), and nothing else: a text/plain body (which
      // Fastify reads by default) would be taken as no parameters at all.
      api.removeContentTypeParser('text/plain');
      // JSON read as Fastify reads it (poisoned prototypes refused), keeping the text: a shared
      // call asked again with the same body is answered before the body is even validated.
      const readJson = app.getDefaultJsonParser('error', 'error');
      api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        request.rawBody = body as string;
        readJson(request, body as string, done);
      });
      api.addHook('onSend', (request, reply, payload, done) => {
        // Answers differ per site: caches (the service worker's included) must key on Country.
        reply.header('vary', 'Country, Accept-Encoding');
        // Personal answers (a cart, a profile, a one-use token) and every error are never stored by
        // a browser or a cache in between; a call must be declared shared to be kept.
        const shared = request.routeOptions.config.shared === true && reply.statusCode === 200;
        if (!shared && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      await api.register(commonRoutes);
    },
    { prefix: '/api/Common' },
  );

  await app.register(authRoutes, { prefix: '/api/auth' });
  // Forms posted before the page's app had loaded (docs/decisions/0102).
  await app.register(pageFormRoutes);
  await app.register(paymentWebhookRoutes, { prefix: '/api/payments' });
  // Payment links the desk sends (docs/decisions/0095): the link is the permission, no sign-in.
  await app.register(payLinkRoutes, { prefix: '/api/payments/links' });
  await app.register(quoteLinkRoutes, { prefix: '/api/quotes' });
  await app.register(adminRoutes, {
    prefix: ADMIN_API_PREFIX,
    now: opts.now ?? (() => new Date()),
    cliSecret: opts.staffCliSecret,
    backupDatabase: opts.backupDatabase,
  });

  // Liveness: the process answers (it does not look at the database: a restart would not mend that).
  app.get('/api/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'success', message: 'OK', data: { uptimeSeconds: Math.round(process.uptime()) } };
  });
  // Readiness: the database answers, so a load balancer may send traffic here. It also tells the
  // free space on the disk of the uploaded files (the data folder), and whether it is low.
  const diskToWatch = app.files.dir ?? (config.DATA_DIR === 'memory://' ? tmpdir() : config.DATA_DIR);
  app.get('/api/ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        opts.db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      if (!reachability.failed(err)) app.log.warn({ err }, 'readiness check failed');
      reply.header('retry-after', String(DATABASE_RETRY_SECONDS));
      return sendError(reply, 503, 'Not ready: the database is not answering.');
    } finally {
      clearTimeout(timer);
    }
    reachability.answered();
    return { status: 'success', message: 'Ready', data: { db: 'up', disk: await freeSpace(diskToWatch) } };
  });

  await app.register(apiDocumentRoutes);
  await app.register(seoRoutes);
  // Renamed packages' old addresses (301) and uploaded package pictures (issue 21).
  await catalogueShopRoutes(app);

  if (opts.web) await opts.web(app);

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return sendError(reply, 404, `There is no API call at ${request.method} ${request.url.split('?')[0]}.`);
    }
    return sendError(reply, 404, 'Not found.');
  });

  return app;
}
