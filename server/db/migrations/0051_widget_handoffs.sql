CREATE TABLE "widget_handoffs" (
	"code" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"visitor_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"channel_id" uuid,
	"sender" text,
	"picked_up_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "widget_handoffs" ADD CONSTRAINT "widget_handoffs_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_handoffs" ADD CONSTRAINT "widget_handoffs_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_handoffs_visitor" ON "widget_handoffs" USING btree ("uid","visitor_key");--> statement-breakpoint
CREATE INDEX "widget_handoffs_sender" ON "widget_handoffs" USING btree ("channel_id","sender");--> statement-breakpoint
CREATE INDEX "widget_handoffs_picked_up" ON "widget_handoffs" USING btree ("uid","picked_up_at");