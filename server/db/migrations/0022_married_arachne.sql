ALTER TABLE "bookings" ADD COLUMN "deposit_amount" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "deposit_percent" integer;