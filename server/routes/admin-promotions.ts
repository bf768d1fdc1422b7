import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as calls from '../../contract/admin-promotions-calls.ts';
import type { AdminBanner, AdminDeal } from '../../contract/promotions.ts';
import type { Db } from '../db/client.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok } from '../lib/envelope.ts';
import { idempotencyKey } from '../lib/owner.ts';
import { readPictureForm, requirePictureForm } from '../lib/picture-upload.ts';
import { MAX_IMAGE_BYTES } from '../services/catalogue/images-admin.ts';
import { answer, once } from '../services/idempotency.ts';
import {
  createCoupon,
  getCoupon,
  listCoupons,
  setCouponDisabled,
  updateCoupon,
} from '../services/promotions/coupons-admin.ts';
import {
  createBanner,
  createDeal,
  dealList,
  listBanners,
  reorder,
  updateBanner,
  updateDeal,
  uploadPromotionPicture,
} from '../services/promotions/deals-banners-admin.ts';
import type { Actor } from '../services/staff/audit.ts';
import type { AdminContext } from './admin.ts';

/**
 * Coupons (rules, limits, disable, usage), deals and banners (create with a picture, edit, order,
 * schedule) (issue 21), each call declared in contract/admin-promotions-calls.ts (decision 0111).
 */
export async function promotionRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  const { now } = ctx;

  // Pictures for deals and banners, checked and resized as package pictures are; only these routes read multipart
  // bodies.
  await app.register(async (scoped) => {
    await scoped.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 2, fieldSize: 2_000, parts: 3 },
    });
    for (const [kind, call] of [
      ['deal', calls.uploadDealPictureCall],
      ['banner', calls.uploadBannerPictureCall],
    ] as const) {
      // multipart: `file` (JPEG, PNG or WebP); answers the path to give the deal or banner.
      adminRoute(scoped, ctx, call, async ({ request, actor }) => {
        requirePictureForm(request, 'the field file');
        const { content } = await readPictureForm(request);
        const picture = await uploadPromotionPicture(scoped.db, scoped.files, actor, kind, content, now());
        return ok(picture, `Picture uploaded: save the ${kind} to use it.`);
      });
    }
  });

  /**
   * Creates a deal or a banner once per Idempotency-Key (a double click makes one), answering
   * whether the shop shows it now or from its start.
   */
  const createdOnce = async <R extends AdminDeal | AdminBanner>(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: 'deal' | 'banner',
    create: (tx: Db, actor: Actor) => Promise<R>,
  ) => {
    const actor = ctx.actorOf(request);
    const route = kind === 'deal' ? 'DeskCreateDeal' : 'DeskCreateBanner';
    const result = await once(
      app.db,
      { owner: `staff:${actor.staffId}`, key: idempotencyKey(request), route, params: request.body },
      async (tx) => {
        const made = await create(tx, actor);
        return {
          statusCode: 200,
          body: ok(
            made,
            `The ${kind} “${made.title}” is created: the shop shows it ${made.live ? 'now' : 'from its start'}.`,
          ),
        };
      },
    );
    return answer<R>(reply, result);
  };

  adminRoute(app, ctx, calls.listCouponsCall, async () => ok(await listCoupons(app.db, now())));
  adminRoute(app, ctx, calls.getCouponCall, async ({ params }) => ok(await getCoupon(app.db, params.id, now())));
  adminRoute(app, ctx, calls.createCouponCall, async ({ body, actor }) => {
    const rules = {
      ...body,
      paymentBank: body.paymentBank || null,
      packageIds: body.packageIds ?? [],
      cityIds: body.cityIds ?? [],
    };
    const coupon = await createCoupon(app.db, actor, rules, now());
    return ok(coupon, `Coupon ${coupon.code} is created.`);
  });
  adminRoute(app, ctx, calls.updateCouponCall, async ({ params, body, actor }) => {
    const coupon = await updateCoupon(app.db, actor, params.id, body, now());
    return ok(coupon, `Coupon ${coupon.code} is saved.`);
  });
  adminRoute(app, ctx, calls.disableCouponCall, async ({ params, actor }) => {
    const coupon = await setCouponDisabled(app.db, actor, params.id, true, now());
    return ok(coupon, `Coupon ${coupon.code} is disabled: the shop refuses it from now on.`);
  });
  adminRoute(app, ctx, calls.enableCouponCall, async ({ params, actor }) => {
    const coupon = await setCouponDisabled(app.db, actor, params.id, false, now());
    return ok(coupon, `Coupon ${coupon.code} is enabled again.`);
  });

  adminRoute(app, ctx, calls.listDealsCall, async () => ok(await dealList(app.db, now())));
  adminRoute(app, ctx, calls.createDealCall, ({ body, request, reply }) =>
    createdOnce(request, reply, 'deal', (tx, actor) => createDeal(tx, app.files, actor, body, now())),
  );
  adminRoute(app, ctx, calls.orderDealsCall, async ({ body, actor }) => {
    await reorder(app.db, actor, 'deal', body.ids, now());
    return ok(await dealList(app.db, now()), 'The deals’ order is saved.');
  });
  adminRoute(app, ctx, calls.updateDealCall, async ({ params, body, actor }) => {
    const deal = await updateDeal(app.db, app.files, actor, params.id, body, now());
    return ok(deal, `The deal “${deal.title}” is saved.`);
  });

  adminRoute(app, ctx, calls.listBannersCall, async () => ok({ items: await listBanners(app.db, now()) }));
  adminRoute(app, ctx, calls.createBannerCall, ({ body, request, reply }) =>
    createdOnce(request, reply, 'banner', (tx, actor) => createBanner(tx, app.files, actor, body, now())),
  );
  adminRoute(app, ctx, calls.orderBannersCall, async ({ body, actor }) => {
    await reorder(app.db, actor, 'banner', body.ids, now());
    return ok({ items: await listBanners(app.db, now()) }, 'The banners’ order is saved.');
  });
  adminRoute(app, ctx, calls.updateBannerCall, async ({ params, body, actor }) => {
    const banner = await updateBanner(app.db, app.files, actor, params.id, body, now());
    return ok(banner, `The banner “${banner.title}” is saved.`);
  });
}
