CREATE INDEX "bookings_balance_due_idx" ON "bookings" USING btree ("payment_due_on") WHERE "bookings"."amount_paid" < "bookings"."total" and "bookings"."status" in ('confirmed', 'awaiting-payment');--> statement-breakpoint
-- It replaces bookings_due_idx (migration 0008, confirmed bookings only), which the overdue filters no longer read.
DROP INDEX IF EXISTS "bookings_due_idx";
