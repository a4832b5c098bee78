CREATE TABLE "order_event_polls" (
	"inventory_id" uuid PRIMARY KEY NOT NULL,
	"next_poll_at" timestamp with time zone NOT NULL,
	"polled_until" timestamp with time zone NOT NULL,
	"last_polled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inventory_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"source" text NOT NULL,
	"shopify_order_id" text NOT NULL,
	"order_name" text,
	"total_minor" bigint,
	"currency" text,
	"status_page_url" text,
	"customer_phone" text,
	"customer_first_name" text,
	"customer_locale" text,
	"whatsapp_updates_phone" text,
	"shopify_fulfillment_id" text,
	"fulfillment_status" text,
	"shipment_status" text,
	"tracking_number" text,
	"tracking_url" text,
	"tracking_company" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_kind_known" CHECK ("order_events"."kind" in ('order_created', 'fulfillment_created', 'fulfillment_updated')),
	CONSTRAINT "order_events_source_known" CHECK ("order_events"."source" in ('webhook', 'poll'))
);
--> statement-breakpoint
CREATE TABLE "shopify_webhook_deliveries" (
	"inventory_id" uuid NOT NULL,
	"webhook_id" text NOT NULL,
	"topic" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_webhook_deliveries_inventory_id_webhook_id_pk" PRIMARY KEY("inventory_id","webhook_id")
);
--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "shopify_api_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "order_webhooks_url" text;--> statement-breakpoint
ALTER TABLE "order_event_polls" ADD CONSTRAINT "order_event_polls_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_webhook_deliveries" ADD CONSTRAINT "shopify_webhook_deliveries_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_inventory_key" ON "order_events" USING btree ("inventory_id","event_key");--> statement-breakpoint
CREATE INDEX "order_events_inventory_order" ON "order_events" USING btree ("inventory_id","shopify_order_id");--> statement-breakpoint
CREATE INDEX "shopify_webhook_deliveries_received" ON "shopify_webhook_deliveries" USING btree ("received_at");