import { z } from 'zod';
import { dbIdParam } from './common.ts';
import { currencySchema, siteSchema } from './site.ts';
import { inSmallestUnit } from './money.ts';

export const guestIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'must be the guest id this device was given');

/** Who is asking: a guest by tempUserId, or a signed-in traveller by Token (or Authorization: Bearer). */
export const ownerParamsSchema = z.object({
  tempUserId: guestIdSchema.optional(),
  Token: z.string().min(1).max(1024).optional(),
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');

export const cartItemInputSchema = z.object({
  packageId: dbIdParam('must be a package id'),
  travelDate: isoDate,
  adults: z.coerce.number().int().min(1, 'at least 1 adult travels').max(9, 'at most 9 adults per booking'),
  children: z.coerce.number().int().min(0).max(6, 'at most 6 children per booking').default(0),
  infants: z.coerce.number().int().min(0).max(4, 'at most 4 infants per booking').default(0),
  rooms: z.coerce.number().int().min(1, 'at least 1 room').max(5, 'at most 5 rooms per booking').default(1),
  /** Choices the package offers (none do today): a few short keys and values at most. */
  options: z
    .record(
      z.string().max(40, 'option names are at most 40 characters'),
      z.union([z.string().max(200, 'option values are at most 200 characters'), z.number(), z.boolean()]),
    )
    .refine((o) => Object.keys(o).length <= 10, 'at most 10 options')
    .default({}),
  /** The client's own id of the line: a replay or a merge never makes a second line. */
  clientId: z.string().min(8).max(64).optional(),
});
export type CartItemInput = z.input<typeof cartItemInputSchema>;
export type CartItemFields = z.infer<typeof cartItemInputSchema>;

export const createCartParamsSchema = ownerParamsSchema.extend(cartItemInputSchema.shape);

export const cartItemSchema = z.object({
  CartId: z.number().int(),
  clientId: z.string().nullable(),
  site: siteSchema,
  currency: currencySchema,
  packageId: z.number().int(),
  slug: z.string(),
  title: z.string(),
  city: z.string(),
  image: z.string(),
  nights: z.number().int(),
  travelDate: z.string(),
  adults: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
  rooms: z.number().int(),
  unitPrice: inSmallestUnit(z.number().int()),
  totalPrice: inSmallestUnit(z.number().int()),
  createdAt: z.string(),
  /** Outside the site's country (India: TCS applies); absent on lines kept before it was sent. */
  overseas: z.boolean().optional(),
  /** The package's UAE VAT treatment. */
  vatTreatment: z.enum(['standard', 'zero', 'outside']).optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** GetCart: a list of groups, each with a data list; the cart count is the total across groups. */
export const cartGroupSchema = z.object({ group: z.string(), data: z.array(cartItemSchema) });
export const cartSchema = z.array(cartGroupSchema);
export type CartGroup = z.infer<typeof cartGroupSchema>;

/** The client's own id of a line (cartItemInputSchema.clientId). */
const clientIdSchema = z.string().min(8).max(64);

/**
 * Spec: CartId. Ours: or the clientId the line was added with, for a line removed on the device
 * before its add was answered (the add may have landed with its answer lost: the device never
 * learnt the CartId).
 */
export const removeCartParamsSchema = ownerParamsSchema
  .extend({
    CartId: dbIdParam('CartId is required').optional(),
    clientId: clientIdSchema.optional(),
  })
  .refine((p) => p.CartId !== undefined || p.clientId !== undefined, {
    path: ['CartId'],
    message: 'CartId is required',
  });

export const mergeCartParamsSchema = z.object({
  tempUserId: guestIdSchema,
  Token: z.string().min(1).max(1024).optional(),
});

export const tempBookingSchema = z.object({
  TempBookingId: z.number().int(),
  site: siteSchema,
  currency: currencySchema,
  items: z.array(cartItemSchema),
  total: inSmallestUnit(z.number().int()),
  /**
   * held (rooms kept until holdExpiresAt), expired, booked (it became a booking) or released (a newer hold replaced
   * it).
   */
  status: z.enum(['held', 'expired', 'booked', 'released']),
  holdExpiresAt: z.string(),
  createdAt: z.string(),
});
export type TempBooking = z.infer<typeof tempBookingSchema>;

export const createTempBookingParamsSchema = ownerParamsSchema.extend({
  /** Lines to hold; all lines of this site's cart when omitted. */
  CartIds: z
    .union([z.array(z.unknown()), z.string().transform((s) => s.split(',').filter(Boolean))])
    .pipe(z.array(dbIdParam('must be a list of CartIds')).max(20, 'at most 20 CartIds'))
    .optional(),
});
export const getTempBookingParamsSchema = ownerParamsSchema.extend({
  TempBookingId: dbIdParam('must be a TempBookingId').optional(),
});
