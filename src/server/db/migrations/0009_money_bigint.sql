-- Money that real venues reach: a day's revenue passes int4's 21,474,836.47 in minor units, and
-- float4 keeps only ~7 digits of a price (999,999.99 read back as 1,000,000). Prices kept their
-- cents as entered; rounding to cents undoes float4's representation error (19.99 → 19.9899997…).
ALTER TABLE "events" ALTER COLUMN "price" SET DATA TYPE double precision USING round("price"::numeric, 2)::double precision;--> statement-breakpoint
ALTER TABLE "ticket_transactions" ALTER COLUMN "amount_minor" SET DATA TYPE bigint;
