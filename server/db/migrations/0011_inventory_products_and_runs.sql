CREATE TABLE "inventory_products" (
	"inventory_id" uuid NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"search_text" text NOT NULL,
	"product" jsonb NOT NULL,
	CONSTRAINT "inventory_products_inventory_id_key_pk" PRIMARY KEY("inventory_id","key")
);
--> statement-breakpoint
CREATE TABLE "inventory_sync_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_sync_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inventory_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"failure" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"report" jsonb
);
--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_sync_runs" ADD CONSTRAINT "inventory_sync_runs_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_products_position" ON "inventory_products" USING btree ("inventory_id","position");--> statement-breakpoint
CREATE INDEX "inventory_sync_runs_inventory" ON "inventory_sync_runs" USING btree ("inventory_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_sync_per_inventory" ON "jobs" USING btree (("payload"->>'inventoryId')) WHERE "jobs"."queue" = 'inventory-sync';