CREATE TABLE "widget_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"visitor_key" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_daily_answers" (
	"uid" text NOT NULL,
	"day" date NOT NULL,
	"answers" integer NOT NULL,
	CONSTRAINT "widget_daily_answers_uid_day_pk" PRIMARY KEY("uid","day")
);
--> statement-breakpoint
CREATE TABLE "widget_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "widget_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "widget_messages_role_known" CHECK ("widget_messages"."role" in ('shopper', 'agent'))
);
--> statement-breakpoint
ALTER TABLE "widget_conversations" ADD CONSTRAINT "widget_conversations_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_daily_answers" ADD CONSTRAINT "widget_daily_answers_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_messages" ADD CONSTRAINT "widget_messages_conversation_id_widget_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."widget_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_conversations_latest" ON "widget_conversations" USING btree ("uid","last_message_at");--> statement-breakpoint
CREATE INDEX "widget_messages_conversation" ON "widget_messages" USING btree ("conversation_id","id");