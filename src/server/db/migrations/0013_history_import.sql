ALTER TABLE "events" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_partner_external_uq" UNIQUE("partner_id","external_id");