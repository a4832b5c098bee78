DROP INDEX "jobs_due";--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("queue","status","run_after","id");