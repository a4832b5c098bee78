ALTER TABLE "knowledge_files" ADD COLUMN "columns" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD COLUMN "column_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD COLUMN "notes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "passages" ADD COLUMN "facts" jsonb;--> statement-breakpoint
-- Table files imported before columns had roles hold every column in their passages, a cost
-- column too: each is read again (no training counted), so private columns leave the base.
INSERT INTO "jobs" ("queue", "payload")
	SELECT 'knowledge.process-file', jsonb_build_object('fileId', "id"::text) FROM "knowledge_files" WHERE "kind" in ('csv', 'xls', 'xlsx');
