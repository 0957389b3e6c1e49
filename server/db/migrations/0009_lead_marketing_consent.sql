ALTER TABLE "leads" ADD COLUMN "marketing_consent" boolean;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "marketing_consent_wording" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "marketing_consent_at" timestamp with time zone;
