import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);
}

/**
 * The spec writes parameters as query strings, some clients send JSON bodies, and the spec's own
 * names vary in case (Token / token, CityId / cityId). Merge query and body into the query
 * before validation and map keys case-insensitively onto the names the route's schema declares.
 */
export async function mergeParams(request: FastifyRequest) {
  const schema = request.routeOptions.schema?.querystring as z.ZodObject | undefined;
  const shape = schema && 'shape' in schema ? (schema.shape as Record<string, unknown>) : undefined;
  if (!shape) return;
  const canonical = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
  const merged: Record<string, unknown> = {};
  const take = (source: unknown) => {
    if (!isPlainObject(source)) return;
    for (const [key, value] of Object.entries(source)) {
      merged[canonical.get(key.toLowerCase()) ?? key] = value;
    }
  };
  take(request.query);
  take(request.body);
  request.query = merged;
}
