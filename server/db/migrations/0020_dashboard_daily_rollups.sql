-- The dashboard's rollups become one row per account, day and source, the day cut in the account's
-- time zone (accounts.time_zone, UTC until set): a 90-day page load reads a few hundred rows where
-- quarter hours held about one event each. The rows are recounted from the raw events below.
DELETE FROM "dashboard_rollups";--> statement-breakpoint
ALTER TABLE "dashboard_rollups" DROP CONSTRAINT "dashboard_rollups_key";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "day" date NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" DROP COLUMN "bucket";--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD CONSTRAINT "dashboard_rollups_key" UNIQUE NULLS NOT DISTINCT("uid","day","inventory_id","ai_base_id","channel_id","currency");--> statement-breakpoint
DROP FUNCTION "dashboard_rollup_orders"(int, uuid, timestamptz, text, timestamptz, bigint);--> statement-breakpoint
DROP FUNCTION "dashboard_bucket"(timestamptz);--> statement-breakpoint
-- The account's day of an instant.
CREATE FUNCTION "dashboard_day"(at timestamptz, zone text) RETURNS date LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT (at AT TIME ZONE coalesce(zone, 'UTC'))::date
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_rollup_storefront_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "dashboard_rollups" AS r ("uid", "day", "inventory_id", "ai_base_id", "channel_id", "currency", "accesses", "cart_views", "checkouts", "catalogs_sent")
	SELECT i."uid", "dashboard_day"(e."occurred_at", a."time_zone"), e."inventory_id", c."ai_base_id", e."channel_id", '',
		count(*) FILTER (WHERE e."kind" = 'access'), count(*) FILTER (WHERE e."kind" = 'cart_view'),
		count(*) FILTER (WHERE e."kind" = 'checkout'), count(*) FILTER (WHERE e."kind" = 'catalog_sent')
	FROM "new_events" e
	JOIN "inventories" i ON i."id" = e."inventory_id"
	JOIN "accounts" a ON a."uid" = i."uid"
	LEFT JOIN "channels" c ON c."id" = e."channel_id"
	GROUP BY 1, 2, 3, 4, 5
	ORDER BY 1, 2, 3, 4, 5
	ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
		"accesses" = r."accesses" + excluded."accesses",
		"cart_views" = r."cart_views" + excluded."cart_views",
		"checkouts" = r."checkouts" + excluded."checkouts",
		"catalogs_sent" = r."catalogs_sent" + excluded."catalogs_sent";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_rollup_ai_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "dashboard_rollups" AS r ("uid", "day", "inventory_id", "ai_base_id", "channel_id", "currency",
		"requests_text", "requests_vision", "requests_file", "requests_voice", "extra_requests")
	SELECT q."uid", "dashboard_day"(q."occurred_at", a."time_zone"), c."inventory_id", q."ai_base_id", q."channel_id", '',
		count(*) FILTER (WHERE q."media_type" = 'text'), count(*) FILTER (WHERE q."media_type" = 'vision'),
		count(*) FILTER (WHERE q."media_type" = 'file'), count(*) FILTER (WHERE q."media_type" = 'voice'),
		count(*) FILTER (WHERE q."extra")
	FROM "new_requests" q
	JOIN "accounts" a ON a."uid" = q."uid"
	LEFT JOIN "channels" c ON c."id" = q."channel_id"
	GROUP BY 1, 2, 3, 4, 5
	ORDER BY 1, 2, 3, 4, 5
	ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
		"requests_text" = r."requests_text" + excluded."requests_text",
		"requests_vision" = r."requests_vision" + excluded."requests_vision",
		"requests_file" = r."requests_file" + excluded."requests_file",
		"requests_voice" = r."requests_voice" + excluded."requests_voice",
		"extra_requests" = r."extra_requests" + excluded."extra_requests";
	RETURN NULL;
END
$$;--> statement-breakpoint
-- An attributed order counts (1 and its value) on the day it was placed while it is neither cancelled
-- nor refunded in full (domain/inventory.ts's rule), with `sign` -1 to take an old row's part off.
CREATE FUNCTION "dashboard_rollup_orders"(sign int, inventory uuid, ordered timestamptz, money text, cancelled timestamptz, value bigint, zone text)
	RETURNS TABLE ("inventory_id" uuid, "day" date, "currency" text, "orders" int, "value_minor" bigint)
	LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT inventory, "dashboard_day"(ordered, zone), money,
		CASE WHEN cancelled IS NULL AND value > 0 THEN sign ELSE 0 END,
		CASE WHEN cancelled IS NULL AND value > 0 THEN sign * value ELSE 0 END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_rollup_attributed_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
	INSERT INTO "dashboard_rollups" AS r ("uid", "day", "inventory_id", "currency", "orders", "order_value_minor")
	SELECT i."uid", d."day", d."inventory_id", d."currency", sum(d."orders"), sum(d."value_minor")
	FROM "new_orders" o
	JOIN "inventories" i ON i."id" = o."inventory_id"
	JOIN "accounts" a ON a."uid" = i."uid"
	CROSS JOIN LATERAL "dashboard_rollup_orders"(1, o."inventory_id", o."ordered_at", o."currency", o."cancelled_at", o."value_minor", a."time_zone") d
	GROUP BY 1, 2, 3, 4
	HAVING sum(d."orders") <> 0 OR sum(d."value_minor") <> 0
	ORDER BY 1, 2, 3, 4
	ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
		"orders" = r."orders" + excluded."orders",
		"order_value_minor" = r."order_value_minor" + excluded."order_value_minor";
	ELSE
	INSERT INTO "dashboard_rollups" AS r ("uid", "day", "inventory_id", "currency", "orders", "order_value_minor")
	SELECT i."uid", d."day", d."inventory_id", d."currency", sum(d."orders"), sum(d."value_minor")
	FROM (
		SELECT o."inventory_id", 1 AS sign, o."ordered_at", o."currency", o."cancelled_at", o."value_minor" FROM "new_orders" o
		UNION ALL
		SELECT o."inventory_id", -1, o."ordered_at", o."currency", o."cancelled_at", o."value_minor" FROM "old_orders" o
	) o
	JOIN "inventories" i ON i."id" = o."inventory_id"
	JOIN "accounts" a ON a."uid" = i."uid"
	CROSS JOIN LATERAL "dashboard_rollup_orders"(o."sign", o."inventory_id", o."ordered_at", o."currency", o."cancelled_at", o."value_minor", a."time_zone") d
	GROUP BY 1, 2, 3, 4
	HAVING sum(d."orders") <> 0 OR sum(d."value_minor") <> 0
	ORDER BY 1, 2, 3, 4
	ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
		"orders" = r."orders" + excluded."orders",
		"order_value_minor" = r."order_value_minor" + excluded."order_value_minor";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- One account's rows recounted from its raw events in its zone: after a change of zone, and below.
-- (An AI request counts under the inventory its number answers from now; the trigger took the one of
-- its time.)
CREATE FUNCTION "dashboard_recount"(account text) RETURNS void LANGUAGE plpgsql AS $$
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
END
$$;--> statement-breakpoint
SELECT "dashboard_recount"("uid") FROM "accounts";
