CREATE TABLE "channels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"waba_id" text NOT NULL,
	"display_phone_number" text NOT NULL,
	"verified_name" text DEFAULT '' NOT NULL,
	"quality_rating" text DEFAULT 'unknown' NOT NULL,
	"access_token_sealed" text NOT NULL,
	"access_token_hint" text NOT NULL,
	"app_secret_sealed" text NOT NULL,
	"verify_token_hash" text NOT NULL,
	"ai_base_id" uuid,
	"inventory_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"attention_reason" text,
	"webhook_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_status_known" CHECK ("channels"."status" in ('active', 'paused', 'needs_attention')),
	CONSTRAINT "channels_attention_reason_known" CHECK ("channels"."attention_reason" in ('token_invalid', 'permission_missing', 'number_unavailable', 'ai_base_inactive')),
	CONSTRAINT "channels_attention_reason_given" CHECK (("channels"."status" = 'needs_attention') = ("channels"."attention_reason" is not null)),
	CONSTRAINT "channels_quality_rating_known" CHECK ("channels"."quality_rating" in ('green', 'yellow', 'red', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_inbound_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"sender" text NOT NULL,
	"type" text NOT NULL,
	"content" jsonb NOT NULL,
	"reply_to" text,
	"sent_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_message_statuses" (
	"channel_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"error_code" integer,
	CONSTRAINT "whatsapp_message_statuses_channel_id_message_id_status_pk" PRIMARY KEY("channel_id","message_id","status"),
	CONSTRAINT "whatsapp_message_statuses_status_known" CHECK ("whatsapp_message_statuses"."status" in ('sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_ai_base_id_ai_bases_id_fk" FOREIGN KEY ("ai_base_id") REFERENCES "public"."ai_bases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD CONSTRAINT "whatsapp_inbound_messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_message_statuses" ADD CONSTRAINT "whatsapp_message_statuses_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channels_uid" ON "channels" USING btree ("uid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_phone_number_id" ON "channels" USING btree ("phone_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_verify_token_hash" ON "channels" USING btree ("verify_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_inbound_messages_channel_message" ON "whatsapp_inbound_messages" USING btree ("channel_id","message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_messages_received" ON "whatsapp_inbound_messages" USING btree ("channel_id","received_at");--> statement-breakpoint
CREATE INDEX "whatsapp_message_statuses_occurred" ON "whatsapp_message_statuses" USING btree ("channel_id","occurred_at");