-- Staff publish and unpublish packages (issue 21): an unpublished package is not on the shop. Every existing package stays on sale.
ALTER TABLE "packages" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The alt text of each uploaded picture of a package, by its path (hero and gallery are paths).
ALTER TABLE "packages" ADD COLUMN "image_alts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A published package's former slugs: its old addresses redirect (301) to the current one and still resolve in the API.
CREATE TABLE "package_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL REFERENCES "packages"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "package_slugs_package_idx" ON "package_slugs" USING btree ("package_id");--> statement-breakpoint
CREATE TRIGGER "package_slugs_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "package_slugs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
