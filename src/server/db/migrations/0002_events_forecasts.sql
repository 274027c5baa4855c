CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"optimisation_status" text DEFAULT 'ACTIVE' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"stop_time" timestamp with time zone NOT NULL,
	"adsets" integer DEFAULT 0 NOT NULL,
	"spend_minor" bigint DEFAULT 0 NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_forecasts" (
	"event_id" text PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"days_out" integer,
	"tickets_sold" integer DEFAULT 0 NOT NULL,
	"now_value" real,
	"now_benchmark" real,
	"prediction_value" real,
	"prediction_benchmark" real,
	"predicted_tickets" integer,
	"state" text NOT NULL,
	"comparables" integer DEFAULT 0 NOT NULL,
	"benchmark_curve" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"predicted_path" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model_version" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "campaign_side_status" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_forecasts" ADD CONSTRAINT "event_forecasts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_forecasts" ADD CONSTRAINT "event_forecasts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_partner_event_idx" ON "campaigns" USING btree ("partner_id","event_id");--> statement-breakpoint
CREATE INDEX "event_forecasts_partner_idx" ON "event_forecasts" USING btree ("partner_id","state");