-- The dashboard counts the template messages Catalyst sends first (server/messaging/): by category, their
-- cost and the post-sale notices among them, kept by a trigger like the other rollups.
ALTER TABLE "dashboard_rollups" ADD COLUMN "messages_utility" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "messages_marketing" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "message_cost_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "notices_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A template message counts on the day Meta took it (the update that sets sent_at), by category, with
-- its cost; post-sale notices also count as such. Under the number's AI base and inventory of that time.
CREATE FUNCTION "dashboard_rollup_template_sends"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "dashboard_rollups" AS r ("uid", "day", "inventory_id", "ai_base_id", "channel_id", "currency",
		"messages_utility", "messages_marketing", "message_cost_micros", "notices_sent")
	SELECT s."uid", "dashboard_day"(s."sent_at", a."time_zone"), c."inventory_id", c."ai_base_id", s."channel_id", '',
		count(*) FILTER (WHERE s."category" = 'UTILITY'), count(*) FILTER (WHERE s."category" = 'MARKETING'),
		coalesce(sum(s."cost_micros"), 0), count(*) FILTER (WHERE s."purpose" IN ('order_confirmation', 'shipping_update'))
	FROM "new_sends" s
	JOIN "old_sends" o ON o."id" = s."id"
	JOIN "accounts" a ON a."uid" = s."uid"
	LEFT JOIN "channels" c ON c."id" = s."channel_id"
	WHERE s."sent_at" IS NOT NULL AND o."sent_at" IS NULL
	GROUP BY 1, 2, 3, 4, 5
	ORDER BY 1, 2, 3, 4, 5
	ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
		"messages_utility" = r."messages_utility" + excluded."messages_utility",
		"messages_marketing" = r."messages_marketing" + excluded."messages_marketing",
		"message_cost_micros" = r."message_cost_micros" + excluded."message_cost_micros",
		"notices_sent" = r."notices_sent" + excluded."notices_sent";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "dashboard_rollup_template_sends" AFTER UPDATE ON "template_sends"
	REFERENCING OLD TABLE AS "old_sends" NEW TABLE AS "new_sends"
	FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rollup_template_sends"();--> statement-breakpoint
-- Messages sent so far join the rollups: each account recounted with them.
CREATE OR REPLACE FUNCTION "dashboard_recount"(account text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	zone text := (SELECT "time_zone" FROM "accounts" WHERE "uid" = account);
BEGIN
	DELETE FROM "dashboard_rollups" WHERE "uid" = account;
	INSERT INTO "dashboard_rollups" ("uid", "day", "inventory_id", "ai_base_id", "channel_id", "currency", "accesses", "cart_views", "checkouts", "catalogs_sent")
	SELECT account, "dashboard_day"(e."occurred_at", zone), e."inventory_id", c."ai_base_id", e."channel_id", '',
		count(*) FILTER (WHERE e."kind" = 'access'), count(*) FILTER (WHERE e."kind" = 'cart_view'),
		count(*) FILTER (WHERE e."kind" = 'checkout'), count(*) FILTER (WHERE e."kind" = 'catalog_sent')
	FROM "storefront_events" e
	JOIN "inventories" i ON i."id" = e."inventory_id" AND i."uid" = account
	LEFT JOIN "channels" c ON c."id" = e."channel_id"
	GROUP BY 2, 3, 4, 5;
	INSERT INTO "dashboard_rollups" AS r ("uid", "day", "inventory_id", "ai_base_id", "channel_id", "currency",
		"requests_text", "requests_vision", "requests_file", "requests_voice", "extra_requests")
	SELECT account, "dashboard_day"(q."occurred_at", zone), c."inventory_id", q."ai_base_id", q."channel_id", '',
		count(*) FILTER (WHERE q."media_type" = 'text'), count(*) FILTER (WHERE q."media_type" = 'vision'),
		count(*) FILTER (WHERE q."media_type" = 'file'), count(*) FILTER (WHERE q."media_type" = 'voice'),
		count(*) FILTER (WHERE q."extra")
	FROM "ai_requests" q
	LEFT JOIN "channels" c ON c."id" = q."channel_id"
	WHERE q."uid" = account
	GROUP BY 2, 3, 4, 5
	ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
		"requests_text" = r."requests_text" + excluded."requests_text",
		"requests_vision" = r."requests_vision" + excluded."requests_vision",
		"requests_file" = r."requests_file" + excluded."requests_file",
		"requests_voice" = r."requests_voice" + excluded."requests_voice",
		"extra_requests" = r."extra_requests" + excluded."extra_requests";
	INSERT INTO "dashboard_rollups" ("uid", "day", "inventory_id", "currency", "orders", "order_value_minor")
	SELECT account, d."day", d."inventory_id", d."currency", sum(d."orders"), sum(d."value_minor")
	FROM "attributed_orders" o
	JOIN "inventories" i ON i."id" = o."inventory_id" AND i."uid" = account
	CROSS JOIN LATERAL "dashboard_rollup_orders"(1, o."inventory_id", o."ordered_at", o."currency", o."cancelled_at", o."value_minor", zone) d
	GROUP BY 2, 3, 4
	HAVING sum(d."orders") <> 0;
	INSERT INTO "dashboard_rollups" AS r ("uid", "day", "inventory_id", "ai_base_id", "channel_id", "currency",
		"messages_utility", "messages_marketing", "message_cost_micros", "notices_sent")
	SELECT account, "dashboard_day"(s."sent_at", zone), c."inventory_id", c."ai_base_id", s."channel_id", '',
		count(*) FILTER (WHERE s."category" = 'UTILITY'), count(*) FILTER (WHERE s."category" = 'MARKETING'),
		coalesce(sum(s."cost_micros"), 0), count(*) FILTER (WHERE s."purpose" IN ('order_confirmation', 'shipping_update'))
	FROM "template_sends" s
	LEFT JOIN "channels" c ON c."id" = s."channel_id"
	WHERE s."uid" = account AND s."sent_at" IS NOT NULL
	GROUP BY 2, 3, 4, 5
	ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
		"messages_utility" = r."messages_utility" + excluded."messages_utility",
		"messages_marketing" = r."messages_marketing" + excluded."messages_marketing",
		"message_cost_micros" = r."message_cost_micros" + excluded."message_cost_micros",
		"notices_sent" = r."notices_sent" + excluded."notices_sent";
END
$$;--> statement-breakpoint
SELECT "dashboard_recount"("uid") FROM "accounts";
