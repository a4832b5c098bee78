-- Checkout recovery's attribution: each checkout's recovery ref (its reminders' links carry it), the order
-- that recovered it with its value net of refunds, and whether that order used the checkout's discount code.
-- The dashboard counts recovery by the day of a checkout's first reminder, kept by a trigger like its other rollups.
ALTER TABLE "store_checkouts" ADD COLUMN "recovery_ref" text;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "recovered_order_id" text;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "recovered_by" text;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "recovered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "recovered_value_minor" bigint;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "recovered_currency" text;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "discount_used" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "checkouts_reminded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "checkouts_recovered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "recovery_discounts_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_rollups" ADD COLUMN "recovered_value_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "store_checkouts_recovery_ref" ON "store_checkouts" USING btree ("recovery_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "store_checkouts_recovered_order" ON "store_checkouts" USING btree ("inventory_id","recovered_order_id");--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD CONSTRAINT "store_checkouts_recovered_by_known" CHECK ("store_checkouts"."recovered_by" in ('checkout_token', 'cart_attribute', 'ref'));--> statement-breakpoint
-- A checkout's part in the rollups once its first reminder went (`sign` -1 takes an old row's part off): reminded,
-- recovered and the recovering order's use of its discount code on the '' row, the recovered value on its currency's.
CREATE FUNCTION "dashboard_rollup_checkouts"(sign int, inventory uuid, reminded_at timestamptz, status text, money text, value bigint, discount boolean, zone text)
	RETURNS TABLE ("inventory_id" uuid, "day" date, "currency" text, "reminded" int, "recovered" int, "discounts" int, "value_minor" bigint)
	LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT inventory, "dashboard_day"(reminded_at, zone), '', sign, CASE WHEN status = 'recovered' THEN sign ELSE 0 END,
		CASE WHEN status = 'recovered' AND discount THEN sign ELSE 0 END, 0::bigint
	WHERE reminded_at IS NOT NULL
	UNION ALL
	SELECT inventory, "dashboard_day"(reminded_at, zone), money, 0, 0, 0, sign * value
	WHERE reminded_at IS NOT NULL AND status = 'recovered' AND money IS NOT NULL AND money <> '' AND value > 0
$$;--> statement-breakpoint
-- A checkout's insert adds its part, an update (a reminder, its recovery, a refund of its order) takes the old row's
-- part off and adds the new one. Checkouts leave only with their inventory, whose deletion zeroes its shop figures.
CREATE FUNCTION "dashboard_rollup_store_checkouts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
	INSERT INTO "dashboard_rollups" AS r ("uid", "day", "inventory_id", "currency",
		"checkouts_reminded", "checkouts_recovered", "recovery_discounts_used", "recovered_value_minor")
	SELECT i."uid", d."day", d."inventory_id", d."currency", sum(d."reminded"), sum(d."recovered"), sum(d."discounts"), sum(d."value_minor")
	FROM "new_checkouts" c
	JOIN "inventories" i ON i."id" = c."inventory_id"
	JOIN "accounts" a ON a."uid" = i."uid"
	CROSS JOIN LATERAL "dashboard_rollup_checkouts"(1, c."inventory_id", c."first_reminder_at", c."recovery_status", c."recovered_currency",
		c."recovered_value_minor", c."discount_used", a."time_zone") d
	WHERE c."first_reminder_at" IS NOT NULL
	GROUP BY 1, 2, 3, 4
	HAVING sum(d."reminded") <> 0 OR sum(d."recovered") <> 0 OR sum(d."discounts") <> 0 OR sum(d."value_minor") <> 0
	ORDER BY 1, 2, 3, 4
	ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
		"checkouts_reminded" = r."checkouts_reminded" + excluded."checkouts_reminded",
		"checkouts_recovered" = r."checkouts_recovered" + excluded."checkouts_recovered",
		"recovery_discounts_used" = r."recovery_discounts_used" + excluded."recovery_discounts_used",
		"recovered_value_minor" = r."recovered_value_minor" + excluded."recovered_value_minor";
	ELSE
	INSERT INTO "dashboard_rollups" AS r ("uid", "day", "inventory_id", "currency",
		"checkouts_reminded", "checkouts_recovered", "recovery_discounts_used", "recovered_value_minor")
	SELECT i."uid", d."day", d."inventory_id", d."currency", sum(d."reminded"), sum(d."recovered"), sum(d."discounts"), sum(d."value_minor")
	FROM (
		SELECT 1 AS sign, c."inventory_id", c."first_reminder_at", c."recovery_status", c."recovered_currency", c."recovered_value_minor", c."discount_used"
		FROM "new_checkouts" c WHERE c."first_reminder_at" IS NOT NULL
		UNION ALL
		SELECT -1, c."inventory_id", c."first_reminder_at", c."recovery_status", c."recovered_currency", c."recovered_value_minor", c."discount_used"
		FROM "old_checkouts" c WHERE c."first_reminder_at" IS NOT NULL
	) c
	JOIN "inventories" i ON i."id" = c."inventory_id"
	JOIN "accounts" a ON a."uid" = i."uid"
	CROSS JOIN LATERAL "dashboard_rollup_checkouts"(c."sign", c."inventory_id", c."first_reminder_at", c."recovery_status", c."recovered_currency",
		c."recovered_value_minor", c."discount_used", a."time_zone") d
	GROUP BY 1, 2, 3, 4
	HAVING sum(d."reminded") <> 0 OR sum(d."recovered") <> 0 OR sum(d."discounts") <> 0 OR sum(d."value_minor") <> 0
	ORDER BY 1, 2, 3, 4
	ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
		"checkouts_reminded" = r."checkouts_reminded" + excluded."checkouts_reminded",
		"checkouts_recovered" = r."checkouts_recovered" + excluded."checkouts_recovered",
		"recovery_discounts_used" = r."recovery_discounts_used" + excluded."recovery_discounts_used",
		"recovered_value_minor" = r."recovered_value_minor" + excluded."recovered_value_minor";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "dashboard_rollup_store_checkouts_inserted" AFTER INSERT ON "store_checkouts"
	REFERENCING NEW TABLE AS "new_checkouts" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rollup_store_checkouts"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_rollup_store_checkouts_updated" AFTER UPDATE ON "store_checkouts"
	REFERENCING OLD TABLE AS "old_checkouts" NEW TABLE AS "new_checkouts" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rollup_store_checkouts"();
--> statement-breakpoint
-- An inventory's deletion zeroes its recovery figures with its other shop figures.
CREATE OR REPLACE FUNCTION "dashboard_rollup_inventory_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "dashboard_rollups" SET "accesses" = 0, "cart_views" = 0, "checkouts" = 0, "catalogs_sent" = 0, "orders" = 0, "order_value_minor" = 0,
		"checkouts_reminded" = 0, "checkouts_recovered" = 0, "recovery_discounts_used" = 0, "recovered_value_minor" = 0
	WHERE "uid" = OLD."uid" AND "inventory_id" = OLD."id";
	DELETE FROM "dashboard_rollups"
	WHERE "uid" = OLD."uid" AND "inventory_id" = OLD."id"
		AND "requests_text" + "requests_vision" + "requests_file" + "requests_voice" + "extra_requests" = 0;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- A change of zone recounts the recovery figures too (the rest as migration 0028 left it).
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
	INSERT INTO "dashboard_rollups" AS r ("uid", "day", "inventory_id", "currency",
		"checkouts_reminded", "checkouts_recovered", "recovery_discounts_used", "recovered_value_minor")
	SELECT account, d."day", d."inventory_id", d."currency", sum(d."reminded"), sum(d."recovered"), sum(d."discounts"), sum(d."value_minor")
	FROM "store_checkouts" k
	JOIN "inventories" i ON i."id" = k."inventory_id" AND i."uid" = account
	CROSS JOIN LATERAL "dashboard_rollup_checkouts"(1, k."inventory_id", k."first_reminder_at", k."recovery_status", k."recovered_currency",
		k."recovered_value_minor", k."discount_used", zone) d
	WHERE k."first_reminder_at" IS NOT NULL
	GROUP BY 2, 3, 4
	ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
		"checkouts_reminded" = r."checkouts_reminded" + excluded."checkouts_reminded",
		"checkouts_recovered" = r."checkouts_recovered" + excluded."checkouts_recovered",
		"recovery_discounts_used" = r."recovery_discounts_used" + excluded."recovery_discounts_used",
		"recovered_value_minor" = r."recovered_value_minor" + excluded."recovered_value_minor";
END
$$;--> statement-breakpoint
-- Checkouts reminded before this migration join the rollups.
INSERT INTO "dashboard_rollups" AS r ("uid", "day", "inventory_id", "currency",
	"checkouts_reminded", "checkouts_recovered", "recovery_discounts_used", "recovered_value_minor")
SELECT i."uid", d."day", d."inventory_id", d."currency", sum(d."reminded"), sum(d."recovered"), sum(d."discounts"), sum(d."value_minor")
FROM "store_checkouts" k
JOIN "inventories" i ON i."id" = k."inventory_id"
JOIN "accounts" a ON a."uid" = i."uid"
CROSS JOIN LATERAL "dashboard_rollup_checkouts"(1, k."inventory_id", k."first_reminder_at", k."recovery_status", k."recovered_currency",
	k."recovered_value_minor", k."discount_used", a."time_zone") d
WHERE k."first_reminder_at" IS NOT NULL
GROUP BY 1, 2, 3, 4
ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
	"checkouts_reminded" = r."checkouts_reminded" + excluded."checkouts_reminded",
	"checkouts_recovered" = r."checkouts_recovered" + excluded."checkouts_recovered",
	"recovery_discounts_used" = r."recovery_discounts_used" + excluded."recovery_discounts_used",
	"recovered_value_minor" = r."recovered_value_minor" + excluded."recovered_value_minor";
