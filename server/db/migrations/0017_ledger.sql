-- The money ledger (decision 0089): every movement of a booking's money is one immutable entry,
-- taxed under the rules of the day it happened; balances, payment states, documents and reports
-- are sums of entries. GST and VAT rates become dated data like TCS.
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tax" text NOT NULL,
	"effective_from" date NOT NULL,
	"rate_bp" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "tax_rates_tax_from_unique" UNIQUE("tax", "effective_from")
);
--> statement-breakpoint
INSERT INTO "tax_rates" ("tax", "effective_from", "rate_bp", "note") VALUES
	('GST', '2017-07-01', 500, 'India: tour operator services (SAC 998552), 5% without input tax credit'),
	('VAT', '2018-01-01', 500, 'UAE: standard rate, included in standard-rated prices');
--> statement-breakpoint
CREATE TABLE "money_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL REFERENCES "bookings"("id"),
	"site" text NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL UNIQUE,
	"currency" text NOT NULL,
	"total" integer NOT NULL,
	"taxable" integer NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "money_documents_booking_idx" ON "money_documents" USING btree ("booking_id");--> statement-breakpoint
CREATE TABLE "document_counters" (
	"site" text NOT NULL,
	"kind" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_pk" PRIMARY KEY ("site", "kind")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL REFERENCES "bookings"("id"),
	"site" text NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"sale" integer DEFAULT 0 NOT NULL,
	"taxable" integer DEFAULT 0 NOT NULL,
	"zero_rated" integer DEFAULT 0 NOT NULL,
	"out_of_scope" integer DEFAULT 0 NOT NULL,
	"cgst" integer DEFAULT 0 NOT NULL,
	"sgst" integer DEFAULT 0 NOT NULL,
	"igst" integer DEFAULT 0 NOT NULL,
	"gst" integer DEFAULT 0 NOT NULL,
	"vat" integer DEFAULT 0 NOT NULL,
	"tcs" integer DEFAULT 0 NOT NULL,
	"tcs_base" integer DEFAULT 0 NOT NULL,
	"owed" integer DEFAULT 0 NOT NULL,
	"gst_rate_bp" integer,
	"vat_rate_bp" integer,
	"tcs_rate_bp" integer,
	"tcs_label" text,
	"pan" text,
	"payment_id" integer REFERENCES "payments"("id"),
	"refund_id" integer REFERENCES "refunds"("id"),
	"reverses_id" integer REFERENCES "ledger_entries"("id"),
	"provider" text,
	"provider_ref" text,
	"staff_id" integer,
	"document_kind" text,
	"document_number" text,
	"tax_day" date NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_sums" CHECK ("amount" = "sale" + "tcs" + "owed" AND "sale" = "taxable" + "cgst" + "sgst" + "igst" + "gst" + "vat")
);
--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id", "id");--> statement-breakpoint
CREATE INDEX "ledger_entries_day_idx" ON "ledger_entries" USING btree ("site", "tax_day");--> statement-breakpoint
CREATE INDEX "ledger_entries_pan_idx" ON "ledger_entries" USING btree ("pan", "tax_day") WHERE "pan" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payment_once_idx" ON "ledger_entries" USING btree ("payment_id", "kind") WHERE "payment_id" IS NOT NULL AND "refund_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_refund_once_idx" ON "ledger_entries" USING btree ("refund_id", "kind") WHERE "refund_id" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger_entries is append-only: % is not allowed (write a reversing entry)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "succeeded_at" timestamp with time zone;--> statement-breakpoint
UPDATE "bookings" b SET "cancelled_by" = CASE
	WHEN EXISTS (SELECT 1 FROM "booking_events" e WHERE e."booking_id" = b."id" AND e."cause" LIKE 'cancelled by staff%') THEN 'staff'
	WHEN b."payment_method" = 'pay-later' THEN 'pay-later'
	ELSE 'payment-window' END
WHERE b."status" = 'cancelled';
