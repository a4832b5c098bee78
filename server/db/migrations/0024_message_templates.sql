CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"channel_id" uuid NOT NULL,
	"meta_id" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"quality" text DEFAULT 'UNKNOWN' NOT NULL,
	"rejected_reason" text,
	"parameter_format" text DEFAULT 'NAMED' NOT NULL,
	"content" jsonb NOT NULL,
	"unsupported" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paused_until" timestamp with time zone,
	"attention" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_category_known" CHECK ("message_templates"."category" in ('MARKETING', 'UTILITY', 'AUTHENTICATION')),
	CONSTRAINT "message_templates_status_known" CHECK ("message_templates"."status" in ('PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL', 'PENDING_DELETION')),
	CONSTRAINT "message_templates_quality_known" CHECK ("message_templates"."quality" in ('GREEN', 'YELLOW', 'RED', 'UNKNOWN')),
	CONSTRAINT "message_templates_parameter_format_known" CHECK ("message_templates"."parameter_format" in ('NAMED', 'POSITIONAL'))
);
--> statement-breakpoint
CREATE TABLE "template_refreshes" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_refreshes" ADD CONSTRAINT "template_refreshes_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_channel_name_language" ON "message_templates" USING btree ("channel_id","name","language");--> statement-breakpoint
CREATE INDEX "message_templates_channel_meta_id" ON "message_templates" USING btree ("channel_id","meta_id");--> statement-breakpoint
CREATE INDEX "message_templates_uid" ON "message_templates" USING btree ("uid");