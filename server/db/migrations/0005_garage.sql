CREATE TABLE "dev_sms" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "garage_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "garage_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "garage_saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"search" text NOT NULL,
	"last_digest_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "garage_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "garage_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"email" text,
	"unsubscribe_token" text NOT NULL,
	"alerts_off" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "garage_watchlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dev_sms" ADD CONSTRAINT "dev_sms_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_alerts" ADD CONSTRAINT "garage_alerts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_alerts" ADD CONSTRAINT "garage_alerts_user_id_garage_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "garage_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_codes" ADD CONSTRAINT "garage_codes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_saved_searches" ADD CONSTRAINT "garage_saved_searches_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_saved_searches" ADD CONSTRAINT "garage_saved_searches_user_id_garage_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "garage_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_sessions" ADD CONSTRAINT "garage_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_sessions" ADD CONSTRAINT "garage_sessions_user_id_garage_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "garage_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_users" ADD CONSTRAINT "garage_users_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_watchlist" ADD CONSTRAINT "garage_watchlist_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_watchlist" ADD CONSTRAINT "garage_watchlist_user_id_garage_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "garage_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_watchlist" ADD CONSTRAINT "garage_watchlist_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "garage_alerts_dedupe" ON "garage_alerts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "garage_alerts_due" ON "garage_alerts" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "garage_codes_phone" ON "garage_codes" USING btree ("site_id","phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_saved_searches_user_search" ON "garage_saved_searches" USING btree ("user_id","search");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_sessions_token" ON "garage_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_users_site_phone" ON "garage_users" USING btree ("site_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_users_unsubscribe" ON "garage_users" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_watchlist_user_vehicle" ON "garage_watchlist" USING btree ("user_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "garage_watchlist_vehicle" ON "garage_watchlist" USING btree ("vehicle_id");