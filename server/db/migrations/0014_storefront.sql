CREATE TABLE "attributed_orders" (
	"inventory_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"cart_id" text,
	"attributed_by" text NOT NULL,
	"value_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attributed_orders_inventory_id_order_id_pk" PRIMARY KEY("inventory_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" text PRIMARY KEY NOT NULL,
	"inventory_id" uuid NOT NULL,
	"source" text NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storefront_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inventory_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"locale" text NOT NULL,
	"visitor_id" text NOT NULL,
	"cart_id" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefront_events_kind_known" CHECK ("storefront_events"."kind" in ('access', 'cart_view', 'checkout'))
);
--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "attribution_code" text DEFAULT 'cat' || substr(md5(random()::text || clock_timestamp()::text), 1, 10) NOT NULL;--> statement-breakpoint
ALTER TABLE "attributed_orders" ADD CONSTRAINT "attributed_orders_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_events" ADD CONSTRAINT "storefront_events_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attributed_orders_ordered" ON "attributed_orders" USING btree ("inventory_id","ordered_at");--> statement-breakpoint
CREATE INDEX "carts_inventory" ON "carts" USING btree ("inventory_id","created_at");--> statement-breakpoint
CREATE INDEX "storefront_events_inventory" ON "storefront_events" USING btree ("inventory_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inventories_attribution_code" ON "inventories" USING btree ("attribution_code");