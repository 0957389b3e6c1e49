CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payment_id" text,
	"reservation_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"dealership_id" integer,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"payment_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"vehicle_price" double precision NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"shopper" jsonb NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"failure_message" text,
	"late_decision" text,
	"refund_id" text,
	"lead_id" uuid,
	"receipt_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_provider_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"card_last4" text,
	"failure_message" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"return_url" text NOT NULL,
	"webhook_host" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_one_active_per_vehicle" ON "reservations" USING btree ("vehicle_id") WHERE status IN ('held', 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_provider_payment" ON "reservations" USING btree ("provider","payment_id");--> statement-breakpoint
CREATE INDEX "reservations_site_created" ON "reservations" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "reservations_status_expires" ON "reservations" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_payments_idempotency" ON "test_provider_payments" USING btree ("idempotency_key");