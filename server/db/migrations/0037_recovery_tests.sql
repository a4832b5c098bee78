-- Checkout recovery's 'send me a test': the tests each account asked for (its limit per hour counts them), and
-- the consent source of the merchant's own number agreeing to receive one (merchant_test).
CREATE TABLE "recovery_test_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"send_key" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_consent_events" DROP CONSTRAINT "contact_consent_events_source_known";--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_utility_source_known";--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_marketing_source_known";--> statement-breakpoint
ALTER TABLE "recovery_test_requests" ADD CONSTRAINT "recovery_test_requests_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_test_requests_uid_at" ON "recovery_test_requests" USING btree ("uid","requested_at");--> statement-breakpoint
ALTER TABLE "contact_consent_events" ADD CONSTRAINT "contact_consent_events_source_known" CHECK ("contact_consent_events"."source" in ('whatsapp_conversation', 'cart_page', 'csv_import', 'api', 'stop_word', 'meta_user_preferences', 'meta_error_131050', 'merchant', 'store_checkout', 'merchant_test'));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_utility_source_known" CHECK ("contacts"."utility_source" in ('whatsapp_conversation', 'cart_page', 'csv_import', 'api', 'stop_word', 'meta_user_preferences', 'meta_error_131050', 'merchant', 'store_checkout', 'merchant_test'));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_marketing_source_known" CHECK ("contacts"."marketing_source" in ('whatsapp_conversation', 'cart_page', 'csv_import', 'api', 'stop_word', 'meta_user_preferences', 'meta_error_131050', 'merchant', 'store_checkout', 'merchant_test'));