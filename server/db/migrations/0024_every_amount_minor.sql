-- Every amount in the smallest unit (decision 0116): the catalogue's prices, the cart's lines, the holds made from them
-- and the coupons' amounts were kept in whole units of the currency (dirhams, rupees); they become fils and paise.
UPDATE "package_prices" SET "amount" = "amount" * 100, "compare_at" = "compare_at" * 100;--> statement-breakpoint
UPDATE "cart_items" SET "unit_price" = "unit_price" * 100, "total_price" = "total_price" * 100;--> statement-breakpoint
UPDATE "coupons" SET
  "flat_aed" = "flat_aed" * 100,
  "flat_inr" = "flat_inr" * 100,
  "max_discount_aed" = "max_discount_aed" * 100,
  "max_discount_inr" = "max_discount_inr" * 100,
  "min_cart_aed" = "min_cart_aed" * 100,
  "min_cart_inr" = "min_cart_inr" * 100;--> statement-breakpoint
-- A hold keeps its total and a copy of its cart lines.
UPDATE "temp_bookings" t SET
  "total" = t."total" * 100,
  "items" = coalesce((
    SELECT jsonb_agg(
      CASE WHEN jsonb_typeof(e.line -> 'unitPrice') = 'number' AND jsonb_typeof(e.line -> 'totalPrice') = 'number'
        THEN e.line || jsonb_build_object(
          'unitPrice', (e.line ->> 'unitPrice')::numeric * 100,
          'totalPrice', (e.line ->> 'totalPrice')::numeric * 100)
        ELSE e.line END
      ORDER BY e.n)
    FROM jsonb_array_elements(t."items") WITH ORDINALITY AS e(line, n)
  ), '[]'::jsonb)
  WHERE jsonb_typeof(t."items") = 'array';--> statement-breakpoint
UPDATE "temp_bookings" SET "total" = "total" * 100 WHERE jsonb_typeof("items") <> 'array';--> statement-breakpoint
-- Answers kept for a repeated Idempotency-Key: a cart line (CreateCart) and a hold (CreateTempBooking) are replayed in
-- the new unit too. Bookings' answers were in the smallest unit already.
UPDATE "idempotency_keys" SET "response" = jsonb_set("response", '{data}', ("response" -> 'data') || jsonb_build_object(
    'unitPrice', ("response" #>> '{data,unitPrice}')::numeric * 100,
    'totalPrice', ("response" #>> '{data,totalPrice}')::numeric * 100))
  WHERE jsonb_typeof("response" #> '{data,unitPrice}') = 'number'
    AND jsonb_typeof("response" #> '{data,totalPrice}') = 'number'
    AND jsonb_typeof("response" #> '{data,CartId}') = 'number';--> statement-breakpoint
UPDATE "idempotency_keys" SET "response" = jsonb_set("response", '{data}', ("response" -> 'data') || jsonb_build_object(
    'total', ("response" #>> '{data,total}')::numeric * 100,
    'items', coalesce((
      SELECT jsonb_agg(
        CASE WHEN jsonb_typeof(e.line -> 'unitPrice') = 'number' AND jsonb_typeof(e.line -> 'totalPrice') = 'number'
          THEN e.line || jsonb_build_object(
            'unitPrice', (e.line ->> 'unitPrice')::numeric * 100,
            'totalPrice', (e.line ->> 'totalPrice')::numeric * 100)
          ELSE e.line END
        ORDER BY e.n)
      FROM jsonb_array_elements("response" #> '{data,items}') WITH ORDINALITY AS e(line, n)
    ), '[]'::jsonb)))
  WHERE jsonb_typeof("response" #> '{data,TempBookingId}') = 'number'
    AND jsonb_typeof("response" #> '{data,total}') = 'number'
    AND jsonb_typeof("response" #> '{data,items}') = 'array';
