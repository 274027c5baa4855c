CREATE TABLE "setup_processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"goal" text NOT NULL,
	"total_budget" integer NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"creatives" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"targeting" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"integration_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conversion_id" text,
	"lead_form_id" text,
	"custom_event_type" text DEFAULT 'PURCHASE' NOT NULL,
	"disabled_variations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"wizard" jsonb,
	"error" jsonb,
	"boost_task_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_synced_at" timestamp with time zone,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"user_id" uuid,
	"report_type" text NOT NULL,
	"tc" integer NOT NULL,
	"tc_run_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"description" text,
	"setup_process_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "tc" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "tc_run_id" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "setup_process_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "meta_campaign_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "meta_adset_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "meta_creative_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "meta_ad_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "budget_minor" bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "setup_processes" ADD CONSTRAINT "setup_processes_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_processes" ADD CONSTRAINT "setup_processes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_processes" ADD CONSTRAINT "setup_processes_boost_task_id_tasks_id_fk" FOREIGN KEY ("boost_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_processes" ADD CONSTRAINT "setup_processes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_setup_process_id_setup_processes_id_fk" FOREIGN KEY ("setup_process_id") REFERENCES "public"."setup_processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "setup_processes_live_uq" ON "setup_processes" USING btree ("partner_id","event_id") WHERE "setup_processes"."status" in ('created', 'synced');--> statement-breakpoint
CREATE INDEX "setup_processes_event_idx" ON "setup_processes" USING btree ("partner_id","event_id","created_at");--> statement-breakpoint
CREATE INDEX "user_reports_cluster_idx" ON "user_reports" USING btree ("partner_id","event_id","tc","tc_run_id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_setup_process_id_setup_processes_id_fk" FOREIGN KEY ("setup_process_id") REFERENCES "public"."setup_processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_setup_idx" ON "campaigns" USING btree ("setup_process_id");