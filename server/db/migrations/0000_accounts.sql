CREATE TABLE "account_monthly_usage" (
	"uid" text NOT NULL,
	"month" date NOT NULL,
	"trainings" integer DEFAULT 0 NOT NULL,
	"queries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_monthly_usage_uid_month_pk" PRIMARY KEY("uid","month"),
	CONSTRAINT "account_monthly_usage_first_day" CHECK (extract(day from "account_monthly_usage"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"uid" text PRIMARY KEY NOT NULL,
	"email" text,
	"plan" text DEFAULT 'basic' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_plan_known" CHECK ("accounts"."plan" in ('basic', 'start', 'lite', 'premium_plus', 'enterprise'))
);
--> statement-breakpoint
ALTER TABLE "account_monthly_usage" ADD CONSTRAINT "account_monthly_usage_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;