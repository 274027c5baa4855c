DROP INDEX "campaigns_partner_event_idx";--> statement-breakpoint
CREATE INDEX "campaigns_partner_idx" ON "campaigns" USING btree ("partner_id","status");--> statement-breakpoint
CREATE INDEX "campaigns_event_idx" ON "campaigns" USING btree ("event_id");