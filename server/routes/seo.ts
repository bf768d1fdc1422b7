import type { FastifyInstance } from 'fastify';
import { publicUrl } from '../config.ts';
import { robotsTxt, sitemapPages, sitemapXml } from '../services/sitemap.ts';

/** /sitemap.xml and /robots.txt at the site's root, with absolute URLs from PUBLIC_URL. */
export async function seoRoutes(app: FastifyInstance) {
  app.get('/sitemap.xml', async (_request, reply) => {
    const body = sitemapXml(publicUrl(app.config), await sitemapPages(app.db));
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(publicUrl(app.config))),
  );
}
