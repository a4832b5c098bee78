CREATE TABLE "order_notice_settings" (
	"inventory_id" uuid PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"channel_id" uuid,
	"notices" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_notice_settings" ADD CONSTRAINT "order_notice_settings_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notice_settings" ADD CONSTRAINT "order_notice_settings_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notice_settings" ADD CONSTRAINT "order_notice_settings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;