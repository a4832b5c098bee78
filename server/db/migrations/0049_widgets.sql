CREATE TABLE "widgets" (
	"uid" text PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"channel_id" uuid,
	"inventory_id" uuid,
	"allowed_origins" text[] DEFAULT '{}' NOT NULL,
	"daily_cap" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "widgets_public_id" ON "widgets" USING btree ("public_id");