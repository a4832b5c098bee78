ALTER TABLE "campaigns" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "storefront_events" ADD COLUMN "ref" text;--> statement-breakpoint
CREATE INDEX "campaign_sends_position" ON "campaign_sends" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_ref" ON "campaigns" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "storefront_events_ref" ON "storefront_events" USING btree ("ref") WHERE "storefront_events"."ref" is not null;