import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateProfileImage } from '../contract/account-calls.ts';
import { uploadBookingFiles } from '../contract/booking-calls.ts';
import { downloadItineraryForm } from '../contract/catalogue-calls.ts';
import { submitContactUs } from '../contract/enquiry-calls.ts';
import { ADMIN_API_PREFIX } from '../contract/admin-api.ts';
import { MONEY_UNIT_KEY, MONEY_UNIT_TEXT } from '../contract/money.ts';
import { PERMISSIONS, STAFF_ROLES, type StaffAction } from '../contract/staff.ts';

/*
 * The API document (OpenAPI 3.1), made from the routes as they are registered: @fastify/swagger
 * collects every route, fastify-type-provider-zod turns its zod schemas (the contract's) into JSON
 * Schema, and `describeRoute` below says what the schemas alone cannot: where a call takes its
 * parameters, the error answers, who may call it. A route added anywhere under /api comes in
 * without an edit here. Served at /api/openapi.json, read at /api/docs (Swagger UI, its files
 * served from node_modules: no other host). Decision 0066.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body a route reads itself (after its guard, so a caller without the permission learns nothing): shown in the
     * document.
     */
    documentedBody?: z.ZodType;
  }
}

export const OPENAPI_JSON = '/api/openapi.json';
export const API_DOCS = '/api/docs';

/**
 * The routes the document describes: every call under /api/, but the document and its page, the
 * HEAD twins Fastify adds to GET routes, and catch-alls (`/api/auth/*`), which only answer that
 * there is no such call.
 */
export function isDocumented(method: string, url: string): boolean {
  if (method === 'HEAD' || !url.startsWith('/api/') || url.endsWith('*')) return false;
  return url !== OPENAPI_JSON && url !== API_DOCS && !url.startsWith(`${API_DOCS}/`);
}

const errorEnvelope = z.object({
  status: z.literal('error'),
  message: z.string().describe('What went wrong, in a sentence a person can act on (shown to them as written).'),
  data: z.unknown().describe('null, or details some refusals add.'),
});
const refused = errorEnvelope.describe(
  'Refused, nothing changed (the error envelope): 400 a parameter is not valid (the message names it), 401 not signed in, 403 not allowed, 404 not found, 409 a conflict (sold out, changed meanwhile), 413 too large, 415 wrong content type, 429 too many tries (Retry-After).',
);
const failed = errorEnvelope.describe(
  'Our side failed (the error envelope): try again in a moment. 503 with Retry-After: not ready, not set up, or the database out of reach for a moment. 507: the disk is full, nothing was kept.',
);

const anyEnvelope = z
  .object({ status: z.enum(['success', 'warning', 'Success']), message: z.string(), data: z.unknown() })
  .describe('The envelope { status, message, data }; this call declares no schema for its data.');

/** /api/Common calls that take a form (multipart/form-data) rather than, or as well as, JSON. */
const FORMS: Record<string, { consumes: string[]; body: () => z.ZodType; queryStays: boolean }> = {
  [`/api/Common/${updateProfileImage.path}`]: {
    consumes: ['multipart/form-data'],
    body: () => z.object({ file: z.file().describe('The image: JPEG, PNG or WebP, at most 5 MB.') }),
    queryStays: true,
  },
  [`/api/Common/${uploadBookingFiles.path}`]: {
    consumes: ['multipart/form-data'],
    body: () =>
      z.object({
        BookingId: z.string().optional().describe('The booking, if not in the query string.'),
        images: z.array(z.file()).optional().describe('Passport and visa images.'),
        documents: z.array(z.file()).optional().describe('Passport and visa PDFs.'),
      }),
    queryStays: true,
  },
  [`/api/Common/${submitContactUs.path}`]: {
    consumes: ['application/json', 'multipart/form-data'],
    body: () =>
      (submitContactUs.params as z.ZodObject).extend({
        file: z.file().optional().describe('An attachment (multipart only).'),
      }),
    queryStays: false,
  },
  [`/api/Common/${downloadItineraryForm.path}`]: {
    consumes: ['multipart/form-data', 'application/json'],
    body: () => downloadItineraryForm.params,
    queryStays: false,
  },
};

const TAGS: [prefix: string, tag: string, description: string][] = [
  [
    '/api/Common/',
    'Common',
    'The shop’s calls (the spec’s /api/Common): catalogue, cart, accounts, bookings, documents. Answer in the envelope { status, message, data }; the Country header (UAE or IN) picks the site.',
  ],
  ['/api/auth/', 'Auth', 'Sign-in sessions of the shop’s pages (cookies).'],
  ['/api/payments/', 'Payment webhooks', 'Events from Stripe and Razorpay, checked by their signatures.'],
  [
    `${ADMIN_API_PREFIX}/`,
    'Back office',
    'The back office: a staff session cookie, the CSRF token on every change, and the permission each call names.',
  ],
  ['/api/', 'Service', 'Health and readiness for load balancers.'],
];

const QUERY_OR_BODY =
  'Parameters: in the query string, or a JSON body (application/json); both are read and merged, names are matched without regard to case (Token or token).';

/** The permission a back-office route's guard checks (server/routes/admin.ts marks each guard). */
function staffActionOf(route: RouteOptions): StaffAction | null | undefined {
  // The admin routes move their guard to preValidation (server/routes/admin.ts): look in both.
  const hooks = [route.preValidation, route.preHandler].flat().filter(Boolean) as {
    staffAction?: StaffAction | null;
  }[];
  const guard = hooks.find((h) => 'staffAction' in h);
  return guard ? guard.staffAction : undefined;
}

function rolesFor(action: StaffAction): string[] {
  return STAFF_ROLES.filter((role) => PERMISSIONS[role].includes(action));
}

type RouteSchema = Record<string, unknown> & {
  response?: Record<string, unknown>;
  querystring?: unknown;
  body?: unknown;
};

/** Adds to a route's own schema what the document needs to say about it; the zod transform follows. */
export function describeRoute(route: RouteOptions, url: string, own: RouteSchema | undefined): RouteSchema {
  const method = [route.method].flat()[0] as string;
  const schema: RouteSchema = { ...own };
  const notes: string[] = [];
  const [, tag] = TAGS.find(([prefix]) => url.startsWith(prefix))!;
  schema.tags = [tag];

  const form = FORMS[url];
  if (form) {
    if (!form.queryStays) delete schema.querystring;
    schema.body = form.body();
    schema.consumes = form.consumes;
    notes.push(
      form.queryStays
        ? 'The token and ids in the query string; the files as multipart/form-data.'
        : `Fields as ${form.consumes.join(' or ')}; query-string parameters are read too.`,
    );
  } else if (url.startsWith('/api/Common/')) {
    if (method === 'POST' && schema.querystring) {
      schema.body = schema.querystring;
      delete schema.querystring;
    }
    notes.push(QUERY_OR_BODY);
  }

  const documentedBody = (route.config as { documentedBody?: z.ZodType } | undefined)?.documentedBody;
  if (documentedBody && !schema.body) schema.body = documentedBody;

  const action = staffActionOf(route);
  if (action !== undefined) {
    schema.security = [{ staffSession: [], ...(method === 'GET' ? {} : { csrfToken: [] }) }];
    notes.push(
      action
        ? `Needs the permission ${action} (roles: ${rolesFor(action).join(', ')}): 401 without a staff session, 403 without the CSRF token on a change or without the permission.`
        : 'Needs a staff session (401 without one) and, on a change, the CSRF token (403).',
    );
  }
  if (url.endsWith(`/${downloadItineraryForm.path}`))
    notes.push('Answers the itinerary as a PDF file, not an envelope.');

  const response: Record<string, unknown> = { ...own?.response };
  if (!Object.keys(response).some((code) => code.startsWith('2'))) {
    if (url.endsWith('.csv'))
      response[200] = { description: 'A CSV file.', content: { 'text/csv': { schema: z.string() } } };
    else if (url.endsWith('.pdf') || url.endsWith(`/${downloadItineraryForm.path}`))
      response[200] = { description: 'A PDF file.', content: { 'application/pdf': { schema: z.string() } } };
    else response[200] = anyEnvelope;
  }
  const ok = response[200];
  if (ok instanceof z.ZodType && !ok.description)
    response[200] = ok.describe('Done: the envelope { status, message, data }.');
  response['4XX'] = refused;
  response['5XX'] = failed;
  schema.response = response;
  if (notes.length) schema.description = [own?.description, ...notes].filter(Boolean).join('\n\n');
  return schema;
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** The document's start: what every call shares. */
const openapi = {
  openapi: '3.1.0',
  info: {
    title: 'Wanderlust Holidays API',
    version: '1',
    description: [
      'Every answer under /api/Common (and the back office’s) is an envelope: `{ "status": "success" | "warning" | "error" | "Success", "message": string, "data": … }`. `Success` with a capital S is CreateBooking’s word for a booking made. Refusals are 4xx with `status: "error"` and a message a person can act on; nothing was changed.',
      'The Country header (`UAE`, the default, or `IN`) chooses the site: its currency (AED or INR), prices and rules.',
      `Money: every amount is in the currency’s smallest unit, said on each money field (its description and \`${MONEY_UNIT_KEY}\`: \`smallest\`). ${MONEY_UNIT_TEXT.smallest}`,
    ].join('\n\n'),
  },
  components: {
    securitySchemes: {
      staffSession: {
        type: 'apiKey',
        in: 'cookie',
        name: 'staff_session',
        description: 'The back-office session, set by POST /api/admin/login.',
      },
      csrfToken: {
        type: 'apiKey',
        in: 'header',
        name: 'x-csrf-token',
        description: 'The session’s CSRF token (from GET /api/admin/me), on every change.',
      },
    },
    schemas: {
      MoneyInSmallestUnit: { type: 'integer', description: MONEY_UNIT_TEXT.smallest, [MONEY_UNIT_KEY]: 'smallest' },
    },
  },
  tags: TAGS.map(([, name, description]) => ({ name, description })),
};

/**
 * Collects the routes registered after it: call it (not register it: swagger must sit on the root) before the API's
 * routes.
 */
export async function apiDocument(app: FastifyInstance) {
  await app.register(swagger, {
    // Plain JSON as OpenAPI writes it (the `x-money-unit` extension is not in openapi-types' schema type).
    openapi: openapi as never,
    transform: (document) => {
      const { url, route } = document;
      const method = [route.method].flat()[0] as string;
      if (!isDocumented(method, url)) return { schema: { hide: true } as never, url };
      return zodTransform({
        ...document,
        schema: describeRoute(route, url, document.schema as RouteSchema | undefined) as never,
      });
    },
  });
}

/** The document and its reference page (Swagger UI, its own files, nothing from another host). */
export async function apiDocumentRoutes(app: FastifyInstance) {
  let body: string | undefined;
  app.get(OPENAPI_JSON, (_request, reply) => {
    body ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(body);
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS,
    // The page loads its scripts and styles from /api/docs/static (swagger-ui-dist, from node_modules).
    staticCSP:
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    uiConfig: { deepLinking: true, docExpansion: 'list' },
    theme: { title: 'Wanderlust Holidays API' },
  });
}
