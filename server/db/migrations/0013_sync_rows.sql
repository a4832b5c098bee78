CREATE TABLE "inventory_sync_rows" (
	"run_id" bigint NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"search_text" text NOT NULL,
	"sku" text,
	"active" boolean NOT NULL,
	"product" jsonb NOT NULL,
	CONSTRAINT "inventory_sync_rows_run_id_key_pk" PRIMARY KEY("run_id","key")
);
--> statement-breakpoint
ALTER TABLE "inventory_sync_rows" ADD CONSTRAINT "inventory_sync_rows_run_id_inventory_sync_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."inventory_sync_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_sync_rows_sku" ON "inventory_sync_rows" USING btree ("run_id","sku");