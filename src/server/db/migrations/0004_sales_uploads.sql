CREATE TABLE "sales_uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"content_hash" text NOT NULL,
	"transactions" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_uploads_event_hash_uq" UNIQUE("event_id","content_hash")
);
--> statement-breakpoint
ALTER TABLE "sales_uploads" ADD CONSTRAINT "sales_uploads_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_uploads" ADD CONSTRAINT "sales_uploads_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;