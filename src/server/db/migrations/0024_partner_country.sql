ALTER TABLE "partners" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "region" text;