CREATE TABLE "audiences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_sends" (
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"send_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "campaign_sends_campaign_id_contact_id_pk" PRIMARY KEY("campaign_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"pause_reason" text,
	"audience_id" uuid,
	"channel_id" uuid,
	"inventory_id" uuid,
	"template_name" text,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"schedule" jsonb DEFAULT '{"kind":"now"}'::jsonb NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"planned_rules" jsonb,
	"starts_at" timestamp with time zone,
	"planned_at" timestamp with time zone,
	"planned" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_known" CHECK ("campaigns"."status" in ('draft', 'active', 'paused', 'cancelled')),
	CONSTRAINT "campaigns_pause_reason_known" CHECK ("campaigns"."pause_reason" in ('merchant', 'template_unusable'))
);
--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_send_id_template_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."template_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audiences_uid_created" ON "audiences" USING btree ("uid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_sends_send" ON "campaign_sends" USING btree ("send_id");--> statement-breakpoint
CREATE INDEX "campaigns_uid_created" ON "campaigns" USING btree ("uid","created_at");--> statement-breakpoint
CREATE INDEX "jobs_campaign" ON "jobs" USING btree (("payload"->>'campaignId')) WHERE "jobs"."queue" = 'template-sends';