CREATE TABLE "messaging_buckets" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"milli_tokens" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_limits" (
	"uid" text PRIMARY KEY NOT NULL,
	"limit" integer,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"channel_id" uuid NOT NULL,
	"send_key" text NOT NULL,
	"purpose" text NOT NULL,
	"template_name" text NOT NULL,
	"language" text NOT NULL,
	"category" text,
	"recipient" text NOT NULL,
	"country" text,
	"variables" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"code" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"first_attempt_at" timestamp with time zone,
	"attempt_started_at" timestamp with time zone,
	"meta_message_id" text,
	"sent_at" timestamp with time zone,
	"cost_micros" integer,
	"pricing_market" text,
	"rate_card_from" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_sends_status_known" CHECK ("template_sends"."status" in ('queued', 'sending', 'sent', 'delivered', 'read', 'failed')),
	CONSTRAINT "template_sends_category_known" CHECK ("template_sends"."category" in ('MARKETING', 'UTILITY', 'AUTHENTICATION'))
);
--> statement-breakpoint
ALTER TABLE "messaging_buckets" ADD CONSTRAINT "messaging_buckets_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_limits" ADD CONSTRAINT "messaging_limits_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_sends" ADD CONSTRAINT "template_sends_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_sends" ADD CONSTRAINT "template_sends_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "template_sends_key" ON "template_sends" USING btree ("uid","send_key");--> statement-breakpoint
CREATE INDEX "template_sends_reached" ON "template_sends" USING btree ("uid","sent_at");--> statement-breakpoint
CREATE INDEX "template_sends_meta_message" ON "template_sends" USING btree ("channel_id","meta_message_id");