ALTER TABLE "partners" ALTER COLUMN "attribution_model_default" SET DEFAULT 'FD';--> statement-breakpoint
UPDATE "partners" SET "attribution_model_default" = 'FD' WHERE "attribution_model_default" NOT IN ('FD', 'META', 'EXTERNAL');
