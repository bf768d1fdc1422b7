import { z } from 'zod';
import { defineCall } from './api.ts';
import {
  cartItemSchema,
  cartSchema,
  createCartParamsSchema,
  createTempBookingParamsSchema,
  getTempBookingParamsSchema,
  mergeCartParamsSchema,
  ownerParamsSchema,
  removeCartParamsSchema,
  tempBookingSchema,
} from './cart.ts';

export const createCart = defineCall({
  method: 'POST',
  path: 'CreateCart',
  params: createCartParamsSchema,
  data: cartItemSchema,
});
export const getCart = defineCall({ method: 'POST', path: 'GetCart', params: ownerParamsSchema, data: cartSchema });
export const removeCart = defineCall({
  method: 'POST',
  path: 'RemoveCart',
  params: removeCartParamsSchema,
  data: z.object({ CartId: z.number().int() }),
});
/** Ours: at sign-in the guest's cart joins the traveller's, without duplicates. */
export const mergeGuestCart = defineCall({
  method: 'POST',
  path: 'MergeGuestCart',
  params: mergeCartParamsSchema,
  data: cartSchema,
});
export const createTempBooking = defineCall({
  method: 'POST',
  path: 'CreateTempBooking',
  params: createTempBookingParamsSchema,
  data: tempBookingSchema,
});
export const getTempBooking = defineCall({
  method: 'POST',
  path: 'GetTempBooking',
  params: getTempBookingParamsSchema,
  data: z.array(tempBookingSchema),
});
