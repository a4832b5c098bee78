CREATE TABLE "whatsapp_conversation_inputs" (
	"channel_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"name" text NOT NULL,
	"value" text,
	"asked_by" bigint,
	"answered_by" bigint,
	"collected_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_conversation_inputs_channel_id_sender_name_pk" PRIMARY KEY("channel_id","sender","name")
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_conversation_inputs" ADD CONSTRAINT "whatsapp_conversation_inputs_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_conversation_inputs_updated" ON "whatsapp_conversation_inputs" USING btree ("channel_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_conversation_retention" ON "jobs" USING btree ("queue") WHERE "jobs"."queue" = 'conversation-retention';--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_retention_days_range" CHECK ("channels"."retention_days" between 7 and 365);