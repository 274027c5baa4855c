CREATE TABLE "cluster_audiences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"ad_account_id" text NOT NULL,
	"run_id" integer NOT NULL,
	"tc" integer NOT NULL,
	"meta_audience_id" text,
	"members" integer DEFAULT 0 NOT NULL,
	"hashes" integer DEFAULT 0 NOT NULL,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cluster_audiences_key_uq" UNIQUE("partner_id","ad_account_id","run_id","tc")
);
--> statement-breakpoint
CREATE TABLE "taste_cluster_members" (
	"partner_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"tc" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	CONSTRAINT "taste_cluster_members_partner_id_run_id_tc_customer_id_pk" PRIMARY KEY("partner_id","run_id","tc","customer_id")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "cluster_audience" jsonb;--> statement-breakpoint
ALTER TABLE "cluster_audiences" ADD CONSTRAINT "cluster_audiences_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_audiences" ADD CONSTRAINT "cluster_audiences_run_id_taste_cluster_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."taste_cluster_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_cluster_members" ADD CONSTRAINT "taste_cluster_members_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_cluster_members" ADD CONSTRAINT "taste_cluster_members_run_id_taste_cluster_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."taste_cluster_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_cluster_members" ADD CONSTRAINT "taste_cluster_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tc_members_customer_idx" ON "taste_cluster_members" USING btree ("customer_id");