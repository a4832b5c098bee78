-- Passages' search documents also name their base (the lexeme 'base:<base id>'), so a search asks
-- the GIN index for its words and its base at once: it reads only its base's matches, however
-- many bases share the table. Dropping the column drops its index: it is made again.
ALTER TABLE "passages" drop column "search";--> statement-breakpoint
ALTER TABLE "passages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector("language", "content") || array_to_tsvector(array['base:' || "base_id"::text])) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "passages_search" ON "passages" USING gin ("search");
