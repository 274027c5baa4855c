ALTER TABLE "sessions" ADD COLUMN "signed_in_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Rows written before this column: every row of a family is one sign-in, the earliest row is its start.
UPDATE "sessions" AS s SET "signed_in_at" = f."first" FROM (SELECT "family_id", min("created_at") AS "first" FROM "sessions" GROUP BY "family_id") AS f WHERE s."family_id" = f."family_id";
