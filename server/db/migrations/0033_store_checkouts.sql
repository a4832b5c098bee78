CREATE TABLE "store_checkouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_checkouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inventory_id" uuid NOT NULL,
	"token" text NOT NULL,
	"shopify_checkout_id" text,
	"phone" text,
	"whatsapp_updates_phone" text,
	"accepts_sms_marketing" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"locale" text,
	"currency" text,
	"total_minor" bigint,
	"items" jsonb NOT NULL,
	"recovery_url" text,
	"started_at" timestamp with time zone NOT NULL,
	"shopify_updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_checkouts_items_array" CHECK (jsonb_typeof("store_checkouts"."items") = 'array')
);
--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD CONSTRAINT "store_checkouts_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_checkouts_inventory_token" ON "store_checkouts" USING btree ("inventory_id","token");--> statement-breakpoint
CREATE INDEX "store_checkouts_open" ON "store_checkouts" USING btree ("inventory_id","shopify_updated_at") WHERE "store_checkouts"."completed_at" is null;--> statement-breakpoint
-- Stores subscribed before the checkout topics existed: forget their subscription, so the poller
-- subscribes them again (the topics they have are 'already taken', the checkout ones are new).
UPDATE "inventories" SET "order_webhooks_url" = NULL WHERE "order_webhooks_url" IS NOT NULL;
