CREATE TABLE "lead_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"position" text NOT NULL,
	"segment" text,
	"website" text NOT NULL,
	"platform" text NOT NULL,
	"privacy_consent" boolean NOT NULL,
	"whatsapp_consent" boolean NOT NULL,
	"locale" text NOT NULL,
	"fingerprint" text NOT NULL,
	"submissions" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_requests_kind_known" CHECK ("lead_requests"."kind" in ('contact', 'material')),
	CONSTRAINT "lead_requests_privacy_consent_given" CHECK ("lead_requests"."privacy_consent")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lead_requests_kind_fingerprint" ON "lead_requests" USING btree ("kind","fingerprint");--> statement-breakpoint
CREATE INDEX "lead_requests_created_at" ON "lead_requests" USING btree ("created_at");