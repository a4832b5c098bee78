-- An AI base's product match by an index (server/inventories/inventory-queries.ts, listableProductsMatching):
-- each stem of the question ('%camiset%') looked up by trigrams within one inventory, not by reading and
-- folding every row's jsonb. pg_trgm and btree_gin are trusted extensions (a database owner may create
-- them); PGlite loads them from its contrib (server/db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "match_text" text GENERATED ALWAYS AS (case when product->>'retailerId' is not null and product->>'variantId' is not null and (product->>'available')::boolean then fold_accents(search_text) end) STORED;--> statement-breakpoint
CREATE INDEX "inventory_products_match" ON "inventory_products" USING gin ("inventory_id","match_text" gin_trgm_ops);