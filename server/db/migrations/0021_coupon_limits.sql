ALTER TABLE "coupons" ADD COLUMN "package_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "city_ids" integer[] DEFAULT '{}' NOT NULL;