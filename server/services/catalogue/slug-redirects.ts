import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { eq } from 'drizzle-orm';
import { packages, packageSlugs } from '../../db/schema.ts';

/** A package page of either site: /holidays/<slug> or /in/holidays/<slug>, with any query. */
const PACKAGE_PAGE = /^(\/in)?\/holidays\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?(\?.*)?$/;

/**
 * The shop's old package addresses: a package renamed after it was published keeps its former
 * slugs (package_slugs), and a page asked for by one answers 301 to the current address. The
 * former slugs are read once and kept until the catalogue changes (the content version).
 */
export function packageSlugRedirects(app: FastifyInstance) {
  let formers: Promise<Map<string, string>> | null = null;
  app.contentVersion.onChange(() => {
    formers = null;
  });
  const load = async () => {
    const rows = await app.db
      .select({ former: packageSlugs.slug, current: packages.slug })
      .from(packageSlugs)
      .innerJoin(packages, eq(packages.id, packageSlugs.packageId));
    return new Map(rows.map((r) => [r.former, r.current]));
  };
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const match = PACKAGE_PAGE.exec(request.url);
    if (!match) return done();
    (formers ??= load().catch((err: unknown) => {
      formers = null;
      throw err;
    }))
      .then((map) => {
        const current = map.get(match[2]!);
        if (!current || current === match[2]) return done();
        reply
          .header('cache-control', 'public, max-age=300')
          .redirect(`${match[1] ?? ''}/holidays/${current}${match[3] ?? ''}`, 301);
      })
      .catch((err: unknown) => done(err as Error));
  };
}
