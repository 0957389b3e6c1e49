CREATE TABLE "content_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"meta_description" text,
	"body" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'page' NOT NULL,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealership_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "dealership_groups_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "dealerships" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"dealership_group_id" integer,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"average_rating" double precision,
	"manufacturers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_publishable_key" text
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"dealership_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"location_type" text DEFAULT '' NOT NULL,
	"location_subtype" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"manufacturers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"image" jsonb,
	"dealer_license_number" text,
	"motor_vehicle_repairer" text,
	"address" jsonb NOT NULL,
	"contact_detail" jsonb NOT NULL,
	"opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"service_opening_hours" jsonb,
	"average_rating" double precision,
	"review_count" integer DEFAULT 0 NOT NULL,
	"gmb_profile_id" text,
	"external_identifiers" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"display_name" text,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo_url" text,
	"popular" boolean DEFAULT false NOT NULL,
	CONSTRAINT "manufacturers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"manufacturer_name" text,
	"model_name" text,
	"model_body" text,
	"description" text,
	"disclaimer" text,
	"price" double precision,
	"logo" jsonb,
	"image" jsonb,
	"link_href" text,
	"expires_at" date,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"part_number" text,
	"category" text,
	"manufacturer_name" text,
	"price" double precision,
	"image_url" text,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"location_id" integer,
	"customer_name" text NOT NULL,
	"text" text,
	"rating" smallint NOT NULL,
	"image_url" text,
	"review_date" date NOT NULL,
	"reply_text" text,
	"reply_date" date,
	"source" text DEFAULT 'google' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"template" text DEFAULT 'classic' NOT NULL,
	"locale" text DEFAULT 'en-AU' NOT NULL,
	"url" text,
	"domain_name" text,
	"logo" jsonb,
	"city" text,
	"state" text,
	"dealership_group_id" integer,
	"dealership_id" integer,
	"manufacturer_id" integer,
	"search_key" text NOT NULL,
	"navigation" jsonb NOT NULL,
	"contact_details" jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_slug_unique" UNIQUE("slug"),
	CONSTRAINT "sites_domain_name_unique" UNIQUE("domain_name")
);
--> statement-breakpoint
CREATE TABLE "special_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"start_hour" text,
	"end_hour" text,
	"label" text
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"dealership_id" integer NOT NULL,
	"location_id" integer,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" smallint NOT NULL,
	"km" integer DEFAULT 0 NOT NULL,
	"badge" text,
	"series" text,
	"price" double precision DEFAULT 0 NOT NULL,
	"price_type" text,
	"before_price" double precision,
	"subscription_price" double precision,
	"weekly_price" double precision,
	"preorder" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'in_stock' NOT NULL,
	"car_type" text NOT NULL,
	"item_type" text DEFAULT 'car' NOT NULL,
	"certified" boolean DEFAULT false NOT NULL,
	"reserved" boolean DEFAULT false NOT NULL,
	"payment_processors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stocknum" text,
	"vin" text,
	"simple_fuel" text,
	"simple_body" text,
	"simple_drive" text,
	"simple_transmission" text,
	"colour" text,
	"seats" smallint,
	"engine" text,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tag" text,
	"custom_rank" integer DEFAULT 0 NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"history_report_url" text,
	"autograb_data" jsonb,
	"show_on_dealer_website" boolean DEFAULT true NOT NULL,
	"description" text,
	"sold_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at_timestamp" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealerships" ADD CONSTRAINT "dealerships_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealerships" ADD CONSTRAINT "dealerships_dealership_group_id_dealership_groups_id_fk" FOREIGN KEY ("dealership_group_id") REFERENCES "dealership_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_dealership_group_id_dealership_groups_id_fk" FOREIGN KEY ("dealership_group_id") REFERENCES "dealership_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_hours" ADD CONSTRAINT "special_hours_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_hours" ADD CONSTRAINT "special_hours_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_site_slug" ON "content_pages" USING btree ("site_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "dealerships_site_slug" ON "dealerships" USING btree ("site_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_site_slug" ON "locations" USING btree ("site_id","slug");--> statement-breakpoint
CREATE INDEX "special_hours_location" ON "special_hours" USING btree ("location_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_site_slug" ON "vehicles" USING btree ("site_id","slug");--> statement-breakpoint
CREATE INDEX "vehicles_site_status" ON "vehicles" USING btree ("site_id","status");