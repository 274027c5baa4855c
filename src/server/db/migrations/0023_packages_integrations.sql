CREATE TABLE "crm_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"user_id" uuid,
	"secret_id" uuid,
	"task_id" uuid,
	"crm_name" text NOT NULL,
	"container_name" text NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"external_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "package_members" (
	"partner_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"variation" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"score" real NOT NULL,
	CONSTRAINT "package_members_package_id_variation_customer_id_pk" PRIMARY KEY("package_id","variation","customer_id")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"user_id" uuid,
	"task_id" uuid,
	"title" text NOT NULL,
	"status" text DEFAULT 'initializing' NOT NULL,
	"num_packages" integer NOT NULL,
	"n_top_events" integer NOT NULL,
	"targeting_mode" text NOT NULL,
	"event_ids" jsonb NOT NULL,
	"filter_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"merge_id" text,
	"n_customers" integer,
	"content" jsonb,
	"seed" integer NOT NULL,
	"engine_version" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "secrets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"user_id" uuid,
	"service_name" text NOT NULL,
	"name" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"secret_preview" text NOT NULL,
	"tenant_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_exports" ADD CONSTRAINT "crm_exports_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_exports" ADD CONSTRAINT "crm_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_exports" ADD CONSTRAINT "crm_exports_secret_id_secrets_id_fk" FOREIGN KEY ("secret_id") REFERENCES "public"."secrets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_exports" ADD CONSTRAINT "crm_exports_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_members" ADD CONSTRAINT "package_members_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_members" ADD CONSTRAINT "package_members_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_members" ADD CONSTRAINT "package_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secrets" ADD CONSTRAINT "secrets_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secrets" ADD CONSTRAINT "secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_exports_partner_idx" ON "crm_exports" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "package_members_partner_idx" ON "package_members" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "packages_partner_idx" ON "packages" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "secrets_partner_idx" ON "secrets" USING btree ("partner_id","created_at");