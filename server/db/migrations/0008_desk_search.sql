-- The desk's list and search (issue 20): newest first by keyset, reference prefix, the lead
-- traveller's name, email and phone (digits, matched from the end), travel dates, refund due.
CREATE INDEX IF NOT EXISTS "bookings_created_idx" ON "bookings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_ref_pattern_idx" ON "bookings" USING btree ("ref_id_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_due_idx" ON "bookings" USING btree ("payment_due_on") WHERE "status" = 'confirmed' AND "amount_paid" < "total";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "booking_travellers_lead_booking_idx" ON "booking_travellers" USING btree ("booking_id") WHERE "lead";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "booking_travellers_lead_name_idx" ON "booking_travellers" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops) WHERE "lead";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "booking_travellers_lead_last_idx" ON "booking_travellers" USING btree (lower("last_name") text_pattern_ops) WHERE "lead";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "booking_travellers_lead_email_idx" ON "booking_travellers" USING btree (lower("email") text_pattern_ops) WHERE "lead";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "booking_travellers_lead_phone_idx" ON "booking_travellers" USING btree (reverse(regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g')) text_pattern_ops) WHERE "lead";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "booking_lines_travel_idx" ON "booking_lines" USING btree ("travel_date","booking_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_refund_due_idx" ON "payments" USING btree ("booking_id") WHERE "refund_status" = 'due';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_refund_due_idx" ON "bookings" USING btree ("id") WHERE "payment_status" = 'refund-due';
