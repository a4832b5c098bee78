CREATE TABLE "rate_limit_counts" (
	"scope" text NOT NULL,
	"client_key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_counts_scope_client_key_pk" PRIMARY KEY("scope","client_key")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counts_window" ON "rate_limit_counts" USING btree ("window_start");