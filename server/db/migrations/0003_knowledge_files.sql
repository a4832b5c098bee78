CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"queue" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_known" CHECK ("jobs"."status" in ('queued', 'running'))
);
--> statement-breakpoint
CREATE TABLE "knowledge_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"base_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"original_name" text NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"stored_path" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"passage_count" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_files_kind_known" CHECK ("knowledge_files"."kind" in ('csv', 'xls', 'xlsx', 'pdf')),
	CONSTRAINT "knowledge_files_status_known" CHECK ("knowledge_files"."status" in ('uploaded', 'processing', 'ready', 'failed')),
	CONSTRAINT "knowledge_files_reason_known" CHECK ("knowledge_files"."failure_reason" in ('empty_file', 'unsupported_type', 'type_mismatch', 'too_large', 'corrupt_pdf', 'encrypted_pdf', 'no_text_layer', 'unreadable_sheet', 'encrypted_sheet', 'unreadable_csv', 'line_too_long', 'no_content', 'too_complex', 'processing_failed')),
	CONSTRAINT "knowledge_files_progress_range" CHECK ("knowledge_files"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "passages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "passages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"base_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"position" integer NOT NULL,
	"source_label" text NOT NULL,
	"content" text NOT NULL,
	"language" "regconfig" NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector("language", "content")) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD CONSTRAINT "knowledge_files_base_id_ai_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."ai_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD CONSTRAINT "knowledge_files_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passages" ADD CONSTRAINT "passages_base_id_ai_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."ai_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passages" ADD CONSTRAINT "passages_file_id_knowledge_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."knowledge_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("queue","status","run_after");--> statement-breakpoint
CREATE INDEX "knowledge_files_base" ON "knowledge_files" USING btree ("base_id","created_at");--> statement-breakpoint
CREATE INDEX "passages_search" ON "passages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "passages_base" ON "passages" USING btree ("base_id");--> statement-breakpoint
CREATE INDEX "passages_file" ON "passages" USING btree ("file_id","position");--> statement-breakpoint
-- A base's passages follow its language: their text search configuration (and so the generated
-- "search" column) changes with it. The mapping is domain/knowledge.ts's textSearchConfigs.
CREATE FUNCTION "passages_follow_base_language"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "passages"
	SET "language" = (CASE NEW."language" WHEN 'pt_br' THEN 'portuguese' WHEN 'es' THEN 'spanish' ELSE 'english' END)::regconfig
	WHERE "base_id" = NEW."id";
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ai_bases_language_passages" AFTER UPDATE OF "language" ON "ai_bases"
	FOR EACH ROW WHEN (OLD."language" IS DISTINCT FROM NEW."language")
	EXECUTE FUNCTION "passages_follow_base_language"();
--> statement-breakpoint
-- However a knowledge file's row goes (its own DELETE, its AI base's or its account's deletion),
-- a job removes its bytes from disk (server/knowledge/knowledge-processor.ts).
CREATE FUNCTION "knowledge_files_queue_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "jobs" ("queue", "payload") VALUES ('knowledge.remove-file', jsonb_build_object('storedPath', OLD."stored_path"));
	RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "knowledge_files_removed" AFTER DELETE ON "knowledge_files"
	FOR EACH ROW EXECUTE FUNCTION "knowledge_files_queue_removal"();
