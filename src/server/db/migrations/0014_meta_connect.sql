CREATE TABLE "meta_access_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"redirect_uri" text,
	"parent_id" uuid,
	"created_by_user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_access_grants_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "meta_asset_users" (
	"asset_row_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"partner_id" integer NOT NULL,
	"permitted" boolean NOT NULL,
	CONSTRAINT "meta_asset_users_asset_row_id_connection_id_pk" PRIMARY KEY("asset_row_id","connection_id")
);
--> statement-breakpoint
CREATE TABLE "meta_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"key" text NOT NULL,
	"asset_id" text NOT NULL,
	"label" text NOT NULL,
	"currency" text,
	"connected_assets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_assets_partner_asset_uq" UNIQUE("partner_id","key","asset_id")
);
--> statement-breakpoint
CREATE TABLE "meta_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"token_type" text NOT NULL,
	"platform_user_id" text NOT NULL,
	"platform_user_name" text NOT NULL,
	"sealed_token" text NOT NULL,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"owner_actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_connections_owner_uq" UNIQUE("partner_id","token_type","platform_user_id")
);
--> statement-breakpoint
ALTER TABLE "meta_access_grants" ADD CONSTRAINT "meta_access_grants_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_access_grants" ADD CONSTRAINT "meta_access_grants_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_asset_users" ADD CONSTRAINT "meta_asset_users_asset_row_id_meta_assets_id_fk" FOREIGN KEY ("asset_row_id") REFERENCES "public"."meta_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_asset_users" ADD CONSTRAINT "meta_asset_users_connection_id_meta_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."meta_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_asset_users" ADD CONSTRAINT "meta_asset_users_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_assets" ADD CONSTRAINT "meta_assets_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_connections" ADD CONSTRAINT "meta_connections_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meta_access_grants_partner_idx" ON "meta_access_grants" USING btree ("partner_id","kind");--> statement-breakpoint
CREATE INDEX "meta_asset_users_connection_idx" ON "meta_asset_users" USING btree ("connection_id");