ALTER TABLE "jobs" ADD COLUMN "serial_key" text;--> statement-breakpoint
CREATE INDEX "jobs_serial" ON "jobs" USING btree ("serial_key","id") WHERE "jobs"."serial_key" is not null;