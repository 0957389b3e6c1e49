ALTER TABLE "reservations" ADD COLUMN "test_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "claim_attempt" integer DEFAULT 0 NOT NULL;
