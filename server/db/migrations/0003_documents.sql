CREATE TABLE "invoice_counters" (
	"site" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"city_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"address" jsonb NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"meeting_point" text,
	"check_in" text,
	"check_out" text,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "suppliers_city_id_kind_pk" PRIMARY KEY("city_id","kind")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
-- Bookings confirmed before invoices were numbered: numbers in the order they were confirmed, one
-- series per site, in the format of server/services/documents/invoice-number.ts (WLH-AE-000001).
WITH numbered AS (
	SELECT "id", "site", row_number() OVER (PARTITION BY "site" ORDER BY coalesce("confirmed_at", "created_at"), "id") AS n
	FROM "bookings" WHERE "status" = 'confirmed' AND "invoice_number" IS NULL
)
UPDATE "bookings" SET
	"invoice_number" = 'WLH-' || (CASE numbered."site" WHEN 'IN' THEN 'IN' ELSE 'AE' END) || '-' || lpad(numbered.n::text, greatest(6, length(numbered.n::text)), '0'),
	"invoiced_at" = coalesce("bookings"."confirmed_at", "bookings"."created_at")
FROM numbered WHERE "bookings"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "invoice_counters" ("site", "last_number")
	SELECT "site", count(*)::int FROM "bookings" WHERE "invoice_number" IS NOT NULL GROUP BY "site";
