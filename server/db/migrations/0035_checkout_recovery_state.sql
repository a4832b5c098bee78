ALTER TABLE "contact_consent_events" DROP CONSTRAINT "contact_consent_events_source_known";--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_utility_source_known";--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_marketing_source_known";--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "recovery_status" text DEFAULT 'waiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "recovery_reason" text;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "first_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "last_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "discount_step" integer;--> statement-breakpoint
CREATE INDEX "store_checkouts_phone_reminded" ON "store_checkouts" USING btree ("phone","first_reminder_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_recovery_per_checkout" ON "jobs" USING btree (("payload"->>'checkoutId')) WHERE "jobs"."queue" = 'checkout-recovery';--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD CONSTRAINT "store_checkouts_recovery_status_known" CHECK ("store_checkouts"."recovery_status" in ('waiting', 'reminded', 'recovered', 'lost', 'opted_out', 'skipped'));--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD CONSTRAINT "store_checkouts_recovery_reason_known" CHECK ("store_checkouts"."recovery_reason" in ('no_consent', 'no_phone', 'below_minimum', 'recently_recovered', 'before_flow_on', 'flow_off', 'order_placed', 'shopper_replied', 'unsubscribed', 'template_not_approved'));--> statement-breakpoint
ALTER TABLE "contact_consent_events" ADD CONSTRAINT "contact_consent_events_source_known" CHECK ("contact_consent_events"."source" in ('whatsapp_conversation', 'cart_page', 'csv_import', 'api', 'stop_word', 'meta_user_preferences', 'meta_error_131050', 'merchant', 'store_checkout'));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_utility_source_known" CHECK ("contacts"."utility_source" in ('whatsapp_conversation', 'cart_page', 'csv_import', 'api', 'stop_word', 'meta_user_preferences', 'meta_error_131050', 'merchant', 'store_checkout'));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_marketing_source_known" CHECK ("contacts"."marketing_source" in ('whatsapp_conversation', 'cart_page', 'csv_import', 'api', 'stop_word', 'meta_user_preferences', 'meta_error_131050', 'merchant', 'store_checkout'));