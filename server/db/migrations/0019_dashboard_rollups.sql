CREATE TABLE "dashboard_rollups" (
	"uid" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"inventory_id" uuid,
	"ai_base_id" uuid,
	"channel_id" uuid,
	"currency" text DEFAULT '' NOT NULL,
	"accesses" integer DEFAULT 0 NOT NULL,
	"cart_views" integer DEFAULT 0 NOT NULL,
	"checkouts" integer DEFAULT 0 NOT NULL,
	"catalogs_sent" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"order_value_minor" bigint DEFAULT 0 NOT NULL,
	"requests_text" integer DEFAULT 0 NOT NULL,
	"requests_vision" integer DEFAULT 0 NOT NULL,
	"requests_file" integer DEFAULT 0 NOT NULL,
	"requests_voice" integer DEFAULT 0 NOT NULL,
	"extra_requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_rollups_key" UNIQUE NULLS NOT DISTINCT("uid","bucket","inventory_id","ai_base_id","channel_id","currency")
);
--> statement-breakpoint
ALTER TABLE "storefront_events" ADD COLUMN "channel_id" uuid;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD CONSTRAINT "dashboard_rollups_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The dashboard's rollups (server/db/schema.ts, dashboard_rollups) are kept by the triggers below, in
-- the transaction that writes the events, whatever code writes them; a batch is summed per bucket and
-- source first, and its rows upserted in key order (two writers never wait on each other in a circle).
CREATE FUNCTION "dashboard_bucket"(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00')
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_rollup_storefront_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "dashboard_rollups" AS r ("uid", "bucket", "inventory_id", "ai_base_id", "channel_id", "currency", "accesses", "cart_views", "checkouts", "catalogs_sent")
	SELECT i."uid", "dashboard_bucket"(e."occurred_at"), e."inventory_id", c."ai_base_id", e."channel_id", '',
		count(*) FILTER (WHERE e."kind" = 'access'), count(*) FILTER (WHERE e."kind" = 'cart_view'),
		count(*) FILTER (WHERE e."kind" = 'checkout'), count(*) FILTER (WHERE e."kind" = 'catalog_sent')
	FROM "new_events" e
	JOIN "inventories" i ON i."id" = e."inventory_id"
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
CREATE TRIGGER "dashboard_rollup_storefront_events" AFTER INSERT ON "storefront_events"
	REFERENCING NEW TABLE AS "new_events" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rollup_storefront_events"();
--> statement-breakpoint
-- An AI request counts under its base and number, and under the inventory its number answers from.
CREATE FUNCTION "dashboard_rollup_ai_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "dashboard_rollups" AS r ("uid", "bucket", "inventory_id", "ai_base_id", "channel_id", "currency",
		"requests_text", "requests_vision", "requests_file", "requests_voice", "extra_requests")
	SELECT q."uid", "dashboard_bucket"(q."occurred_at"), c."inventory_id", q."ai_base_id", q."channel_id", '',
		count(*) FILTER (WHERE q."media_type" = 'text'), count(*) FILTER (WHERE q."media_type" = 'vision'),
		count(*) FILTER (WHERE q."media_type" = 'file'), count(*) FILTER (WHERE q."media_type" = 'voice'),
		count(*) FILTER (WHERE q."extra")
	FROM "new_requests" q
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
CREATE TRIGGER "dashboard_rollup_ai_requests" AFTER INSERT ON "ai_requests"
	REFERENCING NEW TABLE AS "new_requests" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rollup_ai_requests"();
--> statement-breakpoint
-- An attributed order counts (1 and its value) on the day it was placed while it is neither cancelled
-- nor refunded in full (domain/inventory.ts's rule). A sync that changes it (a refund, a cancellation,
-- a late attribution) takes the old row's contribution off and adds the new one's.
CREATE FUNCTION "dashboard_rollup_orders"(sign int, inventory uuid, ordered timestamptz, money text, cancelled timestamptz, value bigint)
	RETURNS TABLE ("inventory_id" uuid, "bucket" timestamptz, "currency" text, "orders" int, "value_minor" bigint)
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT inventory, "dashboard_bucket"(ordered), money,
		CASE WHEN cancelled IS NULL AND value > 0 THEN sign ELSE 0 END,
		CASE WHEN cancelled IS NULL AND value > 0 THEN sign * value ELSE 0 END
$$;--> statement-breakpoint
-- (An INSERT trigger has no old rows to name, hence two statements.)
CREATE FUNCTION "dashboard_rollup_attributed_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
	INSERT INTO "dashboard_rollups" AS r ("uid", "bucket", "inventory_id", "currency", "orders", "order_value_minor")
	SELECT i."uid", d."bucket", d."inventory_id", d."currency", sum(d."orders"), sum(d."value_minor")
	FROM "new_orders" o CROSS JOIN LATERAL "dashboard_rollup_orders"(1, o."inventory_id", o."ordered_at", o."currency", o."cancelled_at", o."value_minor") d
	JOIN "inventories" i ON i."id" = d."inventory_id"
	GROUP BY 1, 2, 3, 4
	HAVING sum(d."orders") <> 0 OR sum(d."value_minor") <> 0
	ORDER BY 1, 2, 3, 4
	ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
		"orders" = r."orders" + excluded."orders",
		"order_value_minor" = r."order_value_minor" + excluded."order_value_minor";
	ELSE
	INSERT INTO "dashboard_rollups" AS r ("uid", "bucket", "inventory_id", "currency", "orders", "order_value_minor")
	SELECT i."uid", d."bucket", d."inventory_id", d."currency", sum(d."orders"), sum(d."value_minor")
	FROM (
		SELECT c.* FROM "new_orders" o CROSS JOIN LATERAL "dashboard_rollup_orders"(1, o."inventory_id", o."ordered_at", o."currency", o."cancelled_at", o."value_minor") c
		UNION ALL
		SELECT c.* FROM "old_orders" o CROSS JOIN LATERAL "dashboard_rollup_orders"(-1, o."inventory_id", o."ordered_at", o."currency", o."cancelled_at", o."value_minor") c
	) d
	JOIN "inventories" i ON i."id" = d."inventory_id"
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
CREATE TRIGGER "dashboard_rollup_attributed_orders_inserted" AFTER INSERT ON "attributed_orders"
	REFERENCING NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rollup_attributed_orders"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_rollup_attributed_orders_updated" AFTER UPDATE ON "attributed_orders"
	REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rollup_attributed_orders"();
--> statement-breakpoint
-- An inventory's raw events and orders go with it: so do its shop figures. Its numbers' AI requests stay (they were paid for).
CREATE FUNCTION "dashboard_rollup_inventory_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "dashboard_rollups" SET "accesses" = 0, "cart_views" = 0, "checkouts" = 0, "catalogs_sent" = 0, "orders" = 0, "order_value_minor" = 0
	WHERE "uid" = OLD."uid" AND "inventory_id" = OLD."id";
	DELETE FROM "dashboard_rollups"
	WHERE "uid" = OLD."uid" AND "inventory_id" = OLD."id"
		AND "requests_text" + "requests_vision" + "requests_file" + "requests_voice" + "extra_requests" = 0;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "dashboard_rollup_inventory_deleted" AFTER DELETE ON "inventories"
	FOR EACH ROW EXECUTE FUNCTION "dashboard_rollup_inventory_deleted"();
--> statement-breakpoint
-- The backfill: what was recorded before this migration, summed as the triggers would have.
INSERT INTO "dashboard_rollups" AS r ("uid", "bucket", "inventory_id", "ai_base_id", "channel_id", "currency", "accesses", "cart_views", "checkouts", "catalogs_sent")
SELECT i."uid", "dashboard_bucket"(e."occurred_at"), e."inventory_id", NULL, NULL, '',
	count(*) FILTER (WHERE e."kind" = 'access'), count(*) FILTER (WHERE e."kind" = 'cart_view'),
	count(*) FILTER (WHERE e."kind" = 'checkout'), count(*) FILTER (WHERE e."kind" = 'catalog_sent')
FROM "storefront_events" e
JOIN "inventories" i ON i."id" = e."inventory_id"
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "dashboard_rollups" AS r ("uid", "bucket", "inventory_id", "ai_base_id", "channel_id", "currency",
	"requests_text", "requests_vision", "requests_file", "requests_voice", "extra_requests")
SELECT q."uid", "dashboard_bucket"(q."occurred_at"), c."inventory_id", q."ai_base_id", q."channel_id", '',
	count(*) FILTER (WHERE q."media_type" = 'text'), count(*) FILTER (WHERE q."media_type" = 'vision'),
	count(*) FILTER (WHERE q."media_type" = 'file'), count(*) FILTER (WHERE q."media_type" = 'voice'),
	count(*) FILTER (WHERE q."extra")
FROM "ai_requests" q
LEFT JOIN "channels" c ON c."id" = q."channel_id"
GROUP BY 1, 2, 3, 4, 5
ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
	"requests_text" = r."requests_text" + excluded."requests_text",
	"requests_vision" = r."requests_vision" + excluded."requests_vision",
	"requests_file" = r."requests_file" + excluded."requests_file",
	"requests_voice" = r."requests_voice" + excluded."requests_voice",
	"extra_requests" = r."extra_requests" + excluded."extra_requests";--> statement-breakpoint
INSERT INTO "dashboard_rollups" ("uid", "bucket", "inventory_id", "currency", "orders", "order_value_minor")
SELECT i."uid", d."bucket", d."inventory_id", d."currency", sum(d."orders"), sum(d."value_minor")
FROM "attributed_orders" o CROSS JOIN LATERAL "dashboard_rollup_orders"(1, o."inventory_id", o."ordered_at", o."currency", o."cancelled_at", o."value_minor") d
JOIN "inventories" i ON i."id" = d."inventory_id"
GROUP BY 1, 2, 3, 4
HAVING sum(d."orders") <> 0;
