-- Contacts (one per account and number) with their consent per purpose, and the append-only history
-- of consent events (server/contacts/contact-tables.ts). `search`: a contact's name words and its account's lexeme.
CREATE TABLE "contact_consent_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_consent_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contact_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"purpose" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"effect" text NOT NULL,
	"note" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_consent_events_purpose_known" CHECK ("contact_consent_events"."purpose" in ('utility', 'marketing')),
	CONSTRAINT "contact_consent_events_kind_known" CHECK ("contact_consent_events"."kind" in ('opt_in', 'opt_out')),
	CONSTRAINT "contact_consent_events_source_known" CHECK ("contact_consent_events"."source" in ('whatsapp_conversation', 'cart_page', 'csv_import', 'api', 'stop_word', 'meta_user_preferences', 'meta_error_131050', 'merchant')),
	CONSTRAINT "contact_consent_events_effect_known" CHECK ("contact_consent_events"."effect" in ('subscribed', 'unsubscribed', 'unchanged', 'ignored_before_opt_out', 'ignored_shopper_opt_out', 'ignored_stale_opt_out'))
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"language" text NOT NULL,
	"country" text NOT NULL,
	"utility_status" text DEFAULT 'not_subscribed' NOT NULL,
	"utility_source" text,
	"utility_at" timestamp with time zone,
	"marketing_status" text DEFAULT 'not_subscribed' NOT NULL,
	"marketing_source" text,
	"marketing_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, fold_accents(coalesce("name", ''))) || array_to_tsvector(array['uid:' || md5("uid")])) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_phone_e164" CHECK ("contacts"."phone" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "contacts_country_code" CHECK ("contacts"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "contacts_language_known" CHECK ("contacts"."language" in ('en', 'pt', 'es')),
	CONSTRAINT "contacts_utility_status_known" CHECK ("contacts"."utility_status" in ('subscribed', 'not_subscribed', 'unsubscribed')),
	CONSTRAINT "contacts_utility_source_known" CHECK ("contacts"."utility_source" in ('whatsapp_conversation', 'cart_page', 'csv_import', 'api', 'stop_word', 'meta_user_preferences', 'meta_error_131050', 'merchant')),
	CONSTRAINT "contacts_utility_consent" CHECK (("contacts"."utility_status" = 'not_subscribed') = ("contacts"."utility_source" is null) and ("contacts"."utility_source" is null) = ("contacts"."utility_at" is null)),
	CONSTRAINT "contacts_marketing_status_known" CHECK ("contacts"."marketing_status" in ('subscribed', 'not_subscribed', 'unsubscribed')),
	CONSTRAINT "contacts_marketing_source_known" CHECK ("contacts"."marketing_source" in ('whatsapp_conversation', 'cart_page', 'csv_import', 'api', 'stop_word', 'meta_user_preferences', 'meta_error_131050', 'merchant')),
	CONSTRAINT "contacts_marketing_consent" CHECK (("contacts"."marketing_status" = 'not_subscribed') = ("contacts"."marketing_source" is null) and ("contacts"."marketing_source" is null) = ("contacts"."marketing_at" is null))
);
--> statement-breakpoint
ALTER TABLE "contact_consent_events" ADD CONSTRAINT "contact_consent_events_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_consent_events_contact" ON "contact_consent_events" USING btree ("contact_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_uid_phone" ON "contacts" USING btree ("uid","phone");--> statement-breakpoint
CREATE INDEX "contacts_uid_created" ON "contacts" USING btree ("uid","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_search" ON "contacts" USING gin ("search");