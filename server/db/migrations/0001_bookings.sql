CREATE TABLE "booking_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"cause" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"position" integer NOT NULL,
	"package_id" integer NOT NULL,
	"title" text NOT NULL,
	"city" text NOT NULL,
	"nights" integer NOT NULL,
	"travel_date" date NOT NULL,
	"adults" integer NOT NULL,
	"children" integer NOT NULL,
	"infants" integer NOT NULL,
	"rooms" integer NOT NULL,
	"adult_price" integer NOT NULL,
	"child_price" integer NOT NULL,
	"amount" integer NOT NULL,
	"overseas" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_travellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"position" integer NOT NULL,
	"lead" boolean DEFAULT false NOT NULL,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"age_band" text NOT NULL,
	"email" text,
	"phone" text,
	"dob" date
);
--> statement-breakpoint
CREATE TABLE "departures" (
	"package_id" integer NOT NULL,
	"travel_date" date NOT NULL,
	"rooms_sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "departures_package_id_travel_date_pk" PRIMARY KEY("package_id","travel_date")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"provider_payment_id" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"checkout_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "room_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"temp_booking_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"travel_date" date NOT NULL,
	"rooms" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'held' NOT NULL
);
--> statement-breakpoint
DROP INDEX "bookings_user_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "temp_booking_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "amount_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_method" text NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_due_on" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "special_requests" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pan" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "once_per_traveller" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "first_booking_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "rooms_per_departure" integer DEFAULT 10;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_travellers" ADD CONSTRAINT "booking_travellers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_holds" ADD CONSTRAINT "room_holds_temp_booking_id_temp_bookings_id_fk" FOREIGN KEY ("temp_booking_id") REFERENCES "public"."temp_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_holds" ADD CONSTRAINT "room_holds_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_lines_booking_idx" ON "booking_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_travellers_booking_idx" ON "booking_travellers" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_idx" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "room_holds_departure_idx" ON "room_holds" USING btree ("package_id","travel_date","status");--> statement-breakpoint
CREATE INDEX "room_holds_temp_idx" ON "room_holds" USING btree ("temp_booking_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_temp_booking_id_temp_bookings_id_fk" FOREIGN KEY ("temp_booking_id") REFERENCES "public"."temp_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "items";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "travellers";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_temp_booking_id_unique" UNIQUE("temp_booking_id");--> statement-breakpoint
-- Data for rows seeded before these columns existed: the same rules as the seed
-- (seed-data/catalogue.ts roomsPerDeparture, seed-data/coupons.ts COUPONS).
UPDATE "packages" SET "rooms_per_departure" = CASE "trip_type_id" WHEN 4 THEN 4 WHEN 1 THEN 6 WHEN 3 THEN NULL ELSE 10 END;--> statement-breakpoint
UPDATE "coupons" SET "first_booking_only" = true WHERE "code" IN ('WELCOME10', 'FIRSTHOLIDAY', 'APPFIRST5');--> statement-breakpoint
UPDATE "coupons" SET "once_per_traveller" = true WHERE "code" IN ('APPFIRST5', 'NETBANK1000', 'CARDUAE200');
