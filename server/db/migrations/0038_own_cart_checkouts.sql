ALTER TABLE "store_checkouts" ADD COLUMN "source" text DEFAULT 'store' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "cart_id" text;--> statement-breakpoint
CREATE INDEX "store_checkouts_cart" ON "store_checkouts" USING btree ("inventory_id","cart_id") WHERE "store_checkouts"."cart_id" is not null;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD CONSTRAINT "store_checkouts_source_known" CHECK ("store_checkouts"."source" in ('store', 'cart_page', 'whatsapp_cart'));