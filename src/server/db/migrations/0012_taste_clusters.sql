CREATE TABLE "taste_cluster_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"task_id" uuid,
	"user_id" uuid,
	"seed" integer NOT NULL,
	"engine_version" text NOT NULL,
	"k" integer,
	"customers" integer,
	"silhouette" real,
	"separation" text,
	"silhouette_by_k" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "taste_clusters" (
	"run_id" integer NOT NULL,
	"tc" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"matched_from" integer,
	"size" integer NOT NULL,
	"label_en" text NOT NULL,
	"label_de" text NOT NULL,
	"families" jsonb NOT NULL,
	"traits" jsonb NOT NULL,
	"keywords_en" jsonb NOT NULL,
	"keywords_de" jsonb NOT NULL,
	"profile" jsonb NOT NULL,
	"centroid" jsonb NOT NULL,
	"attractiveness" real NOT NULL,
	"buying_power" real NOT NULL,
	"potential" integer NOT NULL,
	"rank" integer NOT NULL,
	"already_bought" integer NOT NULL,
	CONSTRAINT "taste_clusters_run_id_tc_pk" PRIMARY KEY("run_id","tc")
);
--> statement-breakpoint
ALTER TABLE "taste_cluster_runs" ADD CONSTRAINT "taste_cluster_runs_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_cluster_runs" ADD CONSTRAINT "taste_cluster_runs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_cluster_runs" ADD CONSTRAINT "taste_cluster_runs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_cluster_runs" ADD CONSTRAINT "taste_cluster_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_clusters" ADD CONSTRAINT "taste_clusters_run_id_taste_cluster_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."taste_cluster_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taste_clusters" ADD CONSTRAINT "taste_clusters_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tc_runs_event_idx" ON "taste_cluster_runs" USING btree ("partner_id","event_id","created_at");--> statement-breakpoint
CREATE INDEX "tc_runs_partner_done_idx" ON "taste_cluster_runs" USING btree ("partner_id","finished_at");--> statement-breakpoint
CREATE INDEX "taste_clusters_partner_idx" ON "taste_clusters" USING btree ("partner_id");