import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import * as calls from '../../contract/admin-catalogue-calls.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok, sendError } from '../lib/envelope.ts';
import { DomainError } from '../lib/errors.ts';
import { readPictureForm, requirePictureForm } from '../lib/picture-upload.ts';
import { addPackageImage, IMAGE_FILE, imageKey, MAX_IMAGE_BYTES } from '../services/catalogue/images-admin.ts';
import {
  createPackage,
  deletePackage,
  getPackage,
  listPackages,
  packageOptions,
  setPublished,
  updatePackage,
} from '../services/catalogue/packages-admin.ts';
import { packageSlugRedirects } from '../services/catalogue/slug-redirects.ts';
import type { AdminContext } from './admin.ts';

/**
 * Packages: create, edit, publish, unpublish, slugs, prices per site, images (issue 21), each call
 * declared in contract/admin-catalogue-calls.ts (decision 0111).
 */
export async function catalogueRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const { now } = ctx;
  // Encapsulated: only these routes read multipart bodies (the picture upload).
  await appIn.register(async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 2_000, parts: 8 },
    });

    adminRoute(app, ctx, calls.listPackagesCall, async ({ query }) => ok({ items: await listPackages(app.db, query) }));

    adminRoute(app, ctx, calls.packageOptionsCall, async () => ok(await packageOptions(app.db)));

    adminRoute(app, ctx, calls.getPackageCall, async ({ params }) => ok(await getPackage(app.db, params.id)));

    adminRoute(app, ctx, calls.createPackageCall, async ({ body, actor }) =>
      ok(
        await createPackage(app.db, actor, body, now()),
        'Package created. It is not on the shop until you publish it.',
      ),
    );

    adminRoute(app, ctx, calls.updatePackageCall, async ({ params, body, actor }) => {
      const pkg = await updatePackage(app.db, actor, params.id, body, now());
      return ok(pkg, pkg.published ? 'Saved: the shop shows the change now.' : 'Saved. The package is not published.');
    });

    adminRoute(app, ctx, calls.publishPackageCall, async ({ params, actor }) =>
      ok(await setPublished(app.db, actor, params.id, true, now()), 'Published: travellers can find and book it now.'),
    );

    adminRoute(app, ctx, calls.unpublishPackageCall, async ({ params, actor }) =>
      ok(
        await setPublished(app.db, actor, params.id, false, now()),
        'Unpublished: it is off the shop; bookings made keep it.',
      ),
    );

    adminRoute(app, ctx, calls.deletePackageCall, async ({ params, actor }) =>
      ok(await deletePackage(app.db, actor, params.id, now()), 'Package deleted.'),
    );

    // multipart: `file` (JPEG, PNG or WebP), `alt` (required) and `use` (hero or gallery).
    adminRoute(app, ctx, calls.uploadPackageImageCall, async ({ params, request, actor }) => {
      requirePictureForm(request, 'the fields file, alt and use');
      const current = await getPackage(app.db, params.id);
      const { content, fields: got } = await readPictureForm(request);
      const use = got.use === 'hero' ? 'hero' : got.use === undefined || got.use === 'gallery' ? 'gallery' : null;
      if (!use) throw new DomainError('invalid', 'use: hero or gallery.');
      const { package: pkg, path } = await addPackageImage(
        app.db,
        app.files,
        actor,
        params.id,
        { content, alt: got.alt ?? '', use },
        current,
        now(),
      );
      return ok(
        { path, package: pkg },
        use === 'hero' ? 'Picture uploaded and set as the main picture.' : 'Picture uploaded and added to the gallery.',
      );
    });
  });
}

/**
 * The shop's side of the catalogue, at the root: renamed packages' former addresses answer 301, and
 * uploaded package pictures are served from the file store (their names never change, so they are cached).
 */
export async function catalogueShopRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', packageSlugRedirects(app));
  app.get('/images/uploads/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!IMAGE_FILE.test(file)) return sendError(reply, 404, 'Not found.');
    const key = imageKey(file);
    const bytes = await app.files.open(app.db, key);
    if (!bytes) return sendError(reply, 404, 'Not found.');
    return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
  });
}
