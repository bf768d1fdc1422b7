CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"booking_id" integer,
	"outcome" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tcs_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"effective_from" date NOT NULL,
	"rate_bp" integer NOT NULL,
	"threshold" bigint,
	"rate_above_bp" integer,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "tcs_rules_effective_from_unique" UNIQUE("effective_from")
);
--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "vat_treatment" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "last_reminder_days" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "place_of_supply_state" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "place_of_supply_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "buyer_address" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "buyer_trn" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pay_with" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "payment_bank" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "vat_treatment" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "max_adults_per_room" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "max_people_per_room" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "child_age_limit" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "temp_bookings" ADD COLUMN "ip_hash" text;--> statement-breakpoint
ALTER TABLE "temp_bookings" ADD COLUMN "rooms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_idx" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_booking_idx" ON "payment_events" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "temp_ip_idx" ON "temp_bookings" USING btree ("ip_hash","created_at");--> statement-breakpoint
-- TCS on overseas tour packages (section 206C(1G)), as the agency's accountant confirms it:
-- FY 2025-26 5% up to ₹10 lakh per PAN per financial year, 20% above; from 1 April 2026 (Budget 2026-27) 2% with no threshold.
INSERT INTO "tcs_rules" ("effective_from", "rate_bp", "threshold", "rate_above_bp", "note") VALUES
  ('2025-04-01', 500, 100000000, 2000, 'FY 2025-26: 5% up to ₹10 lakh per PAN per financial year, 20% above'),
  ('2026-04-01', 200, NULL, NULL, 'Budget 2026-27: 2% with no threshold')
ON CONFLICT ("effective_from") DO NOTHING;--> statement-breakpoint
-- Packages performed wholly outside the UAE are zero-rated; those in the UAE stay standard-rated.
UPDATE "packages" SET "vat_treatment" = 'zero'
  WHERE "city_id" IN (SELECT "id" FROM "cities" WHERE "country_id" <> 231);--> statement-breakpoint
-- Holds already made count their rooms for the per-guest limits.
UPDATE "temp_bookings" t SET "rooms" = coalesce((SELECT sum(h."rooms") FROM "room_holds" h WHERE h."temp_booking_id" = t."id"), 0);
