CREATE TABLE "ai_base_versions" (
	"base_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_base_versions_base_id_version_pk" PRIMARY KEY("base_id","version")
);
--> statement-breakpoint
CREATE TABLE "ai_bases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"function" text NOT NULL,
	"language" text NOT NULL,
	"voice_tone" text NOT NULL,
	"personalized" boolean NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"expected_inputs" text DEFAULT '' NOT NULL,
	"blocked_terms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creativity" integer NOT NULL,
	"model" text NOT NULL,
	"status" text DEFAULT 'training' NOT NULL,
	"saved_steps" integer DEFAULT 1 NOT NULL,
	"channels" jsonb DEFAULT '["whatsapp"]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_bases_status_known" CHECK ("ai_bases"."status" in ('training', 'active', 'inactive')),
	CONSTRAINT "ai_bases_saved_steps_range" CHECK ("ai_bases"."saved_steps" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "ai_base_versions" ADD CONSTRAINT "ai_base_versions_base_id_ai_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."ai_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_bases" ADD CONSTRAINT "ai_bases_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_bases_uid" ON "ai_bases" USING btree ("uid","created_at");