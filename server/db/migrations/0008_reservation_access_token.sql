ALTER TABLE "reservations" ADD COLUMN "access_token" text;
