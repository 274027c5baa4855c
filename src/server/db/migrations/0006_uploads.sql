CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"user_id" uuid,
	"object_key" text NOT NULL,
	"object_name" text NOT NULL,
	"content_type" text NOT NULL,
	"category" text NOT NULL,
	"upload_type" text NOT NULL,
	"backend_upload_id" text,
	"status" text DEFAULT 'uploading' NOT NULL,
	"size_bytes" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_object_key_unique" UNIQUE("object_key")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_partner_idx" ON "uploads" USING btree ("partner_id","status","created_at");