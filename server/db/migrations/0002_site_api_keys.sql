CREATE TABLE "site_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"label" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "site_api_keys" ADD CONSTRAINT "site_api_keys_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_api_keys_prefix" ON "site_api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "site_api_keys_site" ON "site_api_keys" USING btree ("site_id");