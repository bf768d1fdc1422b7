-- Departures (issue 21): a date's own room allotment (null: the package's rooms_per_departure), a
-- stop-sale, and whether staff scheduled it (offered on the package page) or a sale created it.
ALTER TABLE "departures" ADD COLUMN "rooms" integer;--> statement-breakpoint
ALTER TABLE "departures" ADD COLUMN "stop_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "departures" ADD COLUMN "scheduled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_rooms_check" CHECK ("rooms" IS NULL OR "rooms" >= 0);--> statement-breakpoint
-- Promotions: a coupon staff disabled is refused at apply and at booking; deals and banners are
-- ordered and scheduled (the shop shows only the live ones).
ALTER TABLE "coupons" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "ends_at" timestamp with time zone;
