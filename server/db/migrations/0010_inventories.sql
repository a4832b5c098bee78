CREATE TABLE "inventories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"ecommerce_type" text,
	"shopify_token_sealed" text,
	"shopify_token_hint" text,
	"shopify_url" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"checkout_params" text DEFAULT '' NOT NULL,
	"tracking_url" text DEFAULT '' NOT NULL,
	"catalog_id" text DEFAULT '' NOT NULL,
	"store" jsonb,
	"catalog" jsonb,
	"status" text DEFAULT 'configuring' NOT NULL,
	"saved_steps" integer DEFAULT 0 NOT NULL,
	"sync_status" text DEFAULT 'pending' NOT NULL,
	"sync_failure" text,
	"last_synced_at" timestamp with time zone,
	"public_id" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventories_status_known" CHECK ("inventories"."status" in ('configuring', 'configured')),
	CONSTRAINT "inventories_sync_status_known" CHECK ("inventories"."sync_status" in ('pending', 'syncing', 'synced', 'failed')),
	CONSTRAINT "inventories_saved_steps_range" CHECK ("inventories"."saved_steps" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventories_uid" ON "inventories" USING btree ("uid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inventories_uid_name" ON "inventories" USING btree ("uid",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "inventories_public_id" ON "inventories" USING btree ("public_id");