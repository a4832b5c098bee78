CREATE TABLE "widget_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "widget_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"channel_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widget_events_kind_known" CHECK ("widget_events"."kind" in ('view', 'open', 'chat', 'search', 'whatsapp', 'handoff'))
);
--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "widget_views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "widget_opens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "widget_chats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "widget_searches" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "widget_whatsapp_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "widget_handoffs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_events" ADD CONSTRAINT "widget_events_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_events_account" ON "widget_events" USING btree ("uid","occurred_at");--> statement-breakpoint
-- The widget's events in the rollups, a batch's counts at a time, on the row of their number (and its AI base).
CREATE FUNCTION "dashboard_rollup_widget_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "dashboard_rollups" AS r ("uid", "day", "ai_base_id", "channel_id", "currency",
		"widget_views", "widget_opens", "widget_chats", "widget_searches", "widget_whatsapp_clicks", "widget_handoffs")
	SELECT e."uid", "dashboard_day"(e."occurred_at", a."time_zone"), c."ai_base_id", e."channel_id", '',
		count(*) FILTER (WHERE e."kind" = 'view'), count(*) FILTER (WHERE e."kind" = 'open'), count(*) FILTER (WHERE e."kind" = 'chat'),
		count(*) FILTER (WHERE e."kind" = 'search'), count(*) FILTER (WHERE e."kind" = 'whatsapp'), count(*) FILTER (WHERE e."kind" = 'handoff')
	FROM "new_events" e
	JOIN "accounts" a ON a."uid" = e."uid"
	LEFT JOIN "channels" c ON c."id" = e."channel_id"
	GROUP BY 1, 2, 3, 4
	ORDER BY 1, 2, 3, 4
	ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
		"widget_views" = r."widget_views" + excluded."widget_views",
		"widget_opens" = r."widget_opens" + excluded."widget_opens",
		"widget_chats" = r."widget_chats" + excluded."widget_chats",
		"widget_searches" = r."widget_searches" + excluded."widget_searches",
		"widget_whatsapp_clicks" = r."widget_whatsapp_clicks" + excluded."widget_whatsapp_clicks",
		"widget_handoffs" = r."widget_handoffs" + excluded."widget_handoffs";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "dashboard_rollup_widget_events_inserted" AFTER INSERT ON "widget_events"
	REFERENCING NEW TABLE AS "new_events" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rollup_widget_events"();
--> statement-breakpoint
-- A change of zone recounts the widget's figures after dashboard_recount (server/dashboard/time-zone-change.ts calls both).
CREATE FUNCTION "dashboard_recount_widget"(account text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	zone text := (SELECT "time_zone" FROM "accounts" WHERE "uid" = account);
BEGIN
	INSERT INTO "dashboard_rollups" AS r ("uid", "day", "ai_base_id", "channel_id", "currency",
		"widget_views", "widget_opens", "widget_chats", "widget_searches", "widget_whatsapp_clicks", "widget_handoffs")
	SELECT account, "dashboard_day"(e."occurred_at", zone), c."ai_base_id", e."channel_id", '',
		count(*) FILTER (WHERE e."kind" = 'view'), count(*) FILTER (WHERE e."kind" = 'open'), count(*) FILTER (WHERE e."kind" = 'chat'),
		count(*) FILTER (WHERE e."kind" = 'search'), count(*) FILTER (WHERE e."kind" = 'whatsapp'), count(*) FILTER (WHERE e."kind" = 'handoff')
	FROM "widget_events" e
	LEFT JOIN "channels" c ON c."id" = e."channel_id"
	WHERE e."uid" = account
	GROUP BY 2, 3, 4
	ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
		"widget_views" = r."widget_views" + excluded."widget_views",
		"widget_opens" = r."widget_opens" + excluded."widget_opens",
		"widget_chats" = r."widget_chats" + excluded."widget_chats",
		"widget_searches" = r."widget_searches" + excluded."widget_searches",
		"widget_whatsapp_clicks" = r."widget_whatsapp_clicks" + excluded."widget_whatsapp_clicks",
		"widget_handoffs" = r."widget_handoffs" + excluded."widget_handoffs";
END
$$;--> statement-breakpoint
-- The chats begun and the conversations handed over before this migration join the events (and so the rollups).
INSERT INTO "widget_events" ("uid", "kind", "channel_id", "occurred_at")
SELECT v."uid", 'chat', w."channel_id", v."started_at" FROM "widget_conversations" v LEFT JOIN "widgets" w ON w."uid" = v."uid";
--> statement-breakpoint
INSERT INTO "widget_events" ("uid", "kind", "channel_id", "occurred_at")
SELECT h."uid", 'handoff', h."channel_id", h."picked_up_at" FROM "widget_handoffs" h WHERE h."picked_up_at" IS NOT NULL;
