ALTER TABLE "coupons" ADD COLUMN "trip_type_id" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "travel_within_days" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_trip_type_id_trip_types_id_fk" FOREIGN KEY ("trip_type_id") REFERENCES "public"."trip_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Data for rows seeded before these columns existed: the same rules as seed-data/coupons.ts.
UPDATE "coupons" SET "trip_type_id" = 1 WHERE "category_id" = 4;--> statement-breakpoint
UPDATE "coupons" SET "travel_within_days" = 21 WHERE "code" = 'LASTMIN8';
