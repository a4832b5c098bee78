-- A passage's base is its file's, and the file's foreign key cascades from the base: passages keep
-- that one key. The base's own was a second check on every passage an import writes.
ALTER TABLE "passages" DROP CONSTRAINT "passages_base_id_ai_bases_id_fk";
