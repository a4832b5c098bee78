-- Words found in one passage only are no longer counted in passage_lexemes: most of a catalog's
-- words (SKUs, model numbers) are, and writing their rows was ~12 % of a large import on PGlite.
-- Search reads a word with no count as in one passage (server/knowledge/passage-search.ts).
CREATE OR REPLACE FUNCTION "passage_lexemes_refresh"("target" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "passage_lexemes" WHERE "file_id" = "target";
	INSERT INTO "passage_lexemes" ("file_id", "base_id", "lexeme", "passages")
		SELECT f."id", f."base_id", s."word", s."ndoc"
		FROM "knowledge_files" f, ts_stat(format('SELECT "search" FROM "passages" WHERE "file_id" = %L', "target")) s
		WHERE f."id" = "target" AND s."ndoc" > 1 AND s."word" NOT LIKE 'base:%';
END
$$;--> statement-breakpoint
DELETE FROM "passage_lexemes" WHERE "passages" = 1;
