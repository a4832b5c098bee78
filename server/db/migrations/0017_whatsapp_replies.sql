-- The whatsapp-inbound worker (issue 15, parts 3–5): what the AI base did with each shopper's message
-- (whatsapp_replies), the AI requests it counted with their media type (ai_requests), and a new
-- storefront event kind, catalog_sent (a catalog or product list sent on WhatsApp).
CREATE TABLE "ai_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"ai_base_id" uuid,
	"channel_id" uuid,
	"inbound_message_id" bigint,
	"media_type" text NOT NULL,
	"extra" boolean NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_requests_media_type_known" CHECK ("ai_requests"."media_type" in ('text', 'vision', 'file', 'voice'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_replies" (
	"inbound_message_id" bigint PRIMARY KEY NOT NULL,
	"channel_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"outcome" text NOT NULL,
	"kind" text,
	"text" text,
	"passages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model" text,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"error_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "whatsapp_replies_outcome_known" CHECK ("whatsapp_replies"."outcome" in ('sending', 'sent', 'skipped_paused', 'skipped_needs_attention', 'skipped_no_ai_base', 'skipped_unsupported', 'outside_window', 'failed')),
	CONSTRAINT "whatsapp_replies_kind_known" CHECK ("whatsapp_replies"."kind" in ('answer', 'no_knowledge', 'refused', 'order_cart', 'order_no_inventory', 'order_unreadable', 'text_only', 'media_not_allowed')),
	CONSTRAINT "whatsapp_replies_failure_known" CHECK ("whatsapp_replies"."failure" in ('token_invalid', 'number_unavailable', 'permission_missing', 'invalid', 'server', 'unreachable', 'unknown_model', 'ai_unavailable', 'internal'))
);
--> statement-breakpoint
ALTER TABLE "storefront_events" DROP CONSTRAINT "storefront_events_kind_known";--> statement-breakpoint
ALTER TABLE "ai_requests" ADD CONSTRAINT "ai_requests_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_requests" ADD CONSTRAINT "ai_requests_ai_base_id_ai_bases_id_fk" FOREIGN KEY ("ai_base_id") REFERENCES "public"."ai_bases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_requests" ADD CONSTRAINT "ai_requests_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_requests" ADD CONSTRAINT "ai_requests_inbound_message_id_whatsapp_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."whatsapp_inbound_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_replies" ADD CONSTRAINT "whatsapp_replies_inbound_message_id_whatsapp_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."whatsapp_inbound_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_replies" ADD CONSTRAINT "whatsapp_replies_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_requests_uid" ON "ai_requests" USING btree ("uid","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_requests_inbound_message" ON "ai_requests" USING btree ("inbound_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_replies_conversation" ON "whatsapp_replies" USING btree ("channel_id","sender","inbound_message_id");--> statement-breakpoint
ALTER TABLE "storefront_events" ADD CONSTRAINT "storefront_events_kind_known" CHECK ("storefront_events"."kind" in ('access', 'cart_view', 'checkout', 'catalog_sent'));