-- Search without accents, by values, by rare words (server/knowledge/knowledge-store.ts's search):
-- * fold_accents: lower case without accents (the upper-case accented letters listed too: in the C
--   locale lower() folds only ASCII), on both sides of a search ('preco' finds 'Preço').
--   Immutable, so the generated column may use it.
-- * The search document weights a product's name or an answer's question (facts) A, and indexes a
--   table row's values without their column names ('Preco Unitario: 20,96' → '20,96'): a header
--   word like 'preço' was in every row, so it matched them all.
-- * passage_lexemes: how many passages of a file hold each lexeme (ts_stat), refreshed when a file
--   is ready and when its base's language changes its passages' stems.
CREATE FUNCTION "fold_accents"("value" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT translate(lower("value"), 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ', 'aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny')
$$;--> statement-breakpoint
CREATE TABLE "passage_lexemes" (
	"file_id" uuid NOT NULL,
	"base_id" uuid NOT NULL,
	"lexeme" text NOT NULL,
	"passages" integer NOT NULL,
	CONSTRAINT "passage_lexemes_file_id_lexeme_pk" PRIMARY KEY("file_id","lexeme")
);
--> statement-breakpoint
ALTER TABLE "passage_lexemes" ADD CONSTRAINT "passage_lexemes_file_id_knowledge_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."knowledge_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passage_lexemes_base" ON "passage_lexemes" USING btree ("base_id","lexeme");--> statement-breakpoint
-- Dropping the column drops its index: it is made again.
ALTER TABLE "passages" drop column "search";--> statement-breakpoint
ALTER TABLE "passages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector("language", fold_accents(coalesce("facts"->>'name', "facts"->>'question', ''))), 'A') || to_tsvector("language", fold_accents(CASE WHEN "source_label" ~ '[[:<:]]row [0-9]+' THEN regexp_replace("content", '^[^:[:cntrl:]]{1,60}:[[:blank:]]+', '', 'gn') ELSE "content" END)) || array_to_tsvector(array['base:' || "base_id"::text])) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "passages_search" ON "passages" USING gin ("search");--> statement-breakpoint
-- The base's rows in id order, for a common word's candidates (read in order, as far as needed).
DROP INDEX "passages_base";--> statement-breakpoint
CREATE INDEX "passages_base" ON "passages" USING btree ("base_id","id");--> statement-breakpoint
CREATE FUNCTION "passage_lexemes_refresh"("target" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "passage_lexemes" WHERE "file_id" = "target";
	INSERT INTO "passage_lexemes" ("file_id", "base_id", "lexeme", "passages")
		SELECT f."id", f."base_id", s."word", s."ndoc"
		FROM "knowledge_files" f, ts_stat(format('SELECT "search" FROM "passages" WHERE "file_id" = %L', "target")) s
		WHERE f."id" = "target" AND s."word" NOT LIKE 'base:%';
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "passages_follow_base_language"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "passages"
	SET "language" = (CASE NEW."language" WHEN 'pt_br' THEN 'portuguese' WHEN 'es' THEN 'spanish' ELSE 'english' END)::regconfig
	WHERE "base_id" = NEW."id";
	PERFORM "passage_lexemes_refresh"("id") FROM "knowledge_files" WHERE "base_id" = NEW."id" AND "status" = 'ready';
	RETURN NEW;
END
$$;--> statement-breakpoint
SELECT "passage_lexemes_refresh"("id") FROM "knowledge_files" WHERE "status" = 'ready';
