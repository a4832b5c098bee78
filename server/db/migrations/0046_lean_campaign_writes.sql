ALTER TABLE "campaign_sends" DROP CONSTRAINT "campaign_sends_campaign_id_campaigns_id_fk";
--> statement-breakpoint
DROP INDEX "template_sends_reached";--> statement-breakpoint
DROP INDEX "template_sends_meta_message";--> statement-breakpoint
CREATE INDEX "template_sends_reached" ON "template_sends" USING btree ("uid","sent_at") WHERE "template_sends"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "template_sends_meta_message" ON "template_sends" USING btree ("channel_id","meta_message_id") WHERE "template_sends"."meta_message_id" is not null;