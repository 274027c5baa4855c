ALTER TABLE "event_forecasts" ADD COLUMN "interval_low" real;--> statement-breakpoint
ALTER TABLE "event_forecasts" ADD COLUMN "interval_high" real;--> statement-breakpoint
ALTER TABLE "event_forecasts" ADD COLUMN "expected_error" integer;