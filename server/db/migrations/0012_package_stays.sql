-- Each package's own stays (place, nights, hotel/houseboat/resort): the seed fills them in on existing databases.
ALTER TABLE "packages" ADD COLUMN "stays" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- Whether the Maldives green tax is included is the package's to say (some include it, some leave it payable at the resort), not the destination's.
UPDATE "suppliers" SET "notes" = "notes" - 'Green tax of USD 6 per person per night is included in your package.' WHERE "kind" = 'hotel';
