CREATE TABLE "campaign_delivery" (
	"campaign_id" uuid NOT NULL,
	"partner_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_minor" bigint DEFAULT 0 NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"caused_tickets" integer,
	CONSTRAINT "campaign_delivery_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "audience_size" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "delivered_through" date;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "counterfactual" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "attribution_model" text;--> statement-breakpoint
ALTER TABLE "ticket_transactions" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "campaign_delivery" ADD CONSTRAINT "campaign_delivery_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_delivery" ADD CONSTRAINT "campaign_delivery_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_delivery_partner_idx" ON "campaign_delivery" USING btree ("partner_id","day");--> statement-breakpoint
ALTER TABLE "ticket_transactions" ADD CONSTRAINT "ticket_transactions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tx_campaign_idx" ON "ticket_transactions" USING btree ("campaign_id") WHERE campaign_id IS NOT NULL;