ALTER TABLE "reviews" ADD COLUMN "site" text DEFAULT 'UAE' NOT NULL;--> statement-breakpoint
-- A review belongs to the site its writer booked on: travellers from India wrote on the India site.
UPDATE "reviews" SET "site" = 'IN' WHERE "location" LIKE '%, India';--> statement-breakpoint
CREATE INDEX "reviews_site_page_idx" ON "reviews" USING btree ("site","page_type","created_at");
