-- Each account's plans over time, so the dashboard prices each past day and month with the plan then
-- in force (domain/plan-timeline.ts); account-store.ts records a row on creation and on each change.
CREATE TABLE "plan_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"plan" text NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	CONSTRAINT "plan_changes_plan_known" CHECK ("plan_changes"."plan" in ('basic', 'start', 'lite', 'premium_plus', 'enterprise'))
);
--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_changes_uid" ON "plan_changes" USING btree ("uid","effective_from");--> statement-breakpoint
-- The history starts now: each account's current plan, in force since its creation.
INSERT INTO "plan_changes" ("uid", "plan", "effective_from")
SELECT "uid", "plan", coalesce("created_at", 'epoch'::timestamptz) FROM "accounts" ORDER BY "created_at", "uid";
