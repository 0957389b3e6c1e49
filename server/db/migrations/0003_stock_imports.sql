CREATE TABLE "stock_feed_pulls" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"feed_url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_pulled_at" timestamp with time zone,
	"last_outcome" text,
	"last_error" text,
	"lease_until" timestamp with time zone,
	"lease_owner" text
);
--> statement-breakpoint
CREATE TABLE "stock_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"source" text NOT NULL,
	"mode" text NOT NULL,
	"format" text,
	"status" text NOT NULL,
	"error" text,
	"rows" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"row_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"price" double precision NOT NULL,
	"price_type" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_feed_pulls" ADD CONSTRAINT "stock_feed_pulls_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_imports" ADD CONSTRAINT "stock_imports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_price_history" ADD CONSTRAINT "vehicle_price_history_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_price_history" ADD CONSTRAINT "vehicle_price_history_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_imports_site" ON "stock_imports" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "vehicle_price_history_vehicle" ON "vehicle_price_history" USING btree ("vehicle_id","changed_at");