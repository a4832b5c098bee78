-- Meta bills a template message when it is delivered: one Meta took and then reported failed costs
-- nothing, so the sender clears its cost (server/messaging/template-sender.ts), and a retry that goes
-- is priced again when Meta takes it. The dashboard's rollup follows a message whose cost or day changes
-- after it was counted: it leaves the day it was counted on with its old cost, and joins the day Meta
-- took it last with its new one, as a recount (dashboard_recount) counts it.
CREATE OR REPLACE FUNCTION "dashboard_rollup_template_sends"() RETURNS trigger LANGUAGE plpgsql AS $$
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
	INSERT INTO "dashboard_rollups" AS r ("uid", "day", "inventory_id", "ai_base_id", "channel_id", "currency",
		"messages_utility", "messages_marketing", "message_cost_micros", "notices_sent")
	SELECT s."uid", "dashboard_day"(moved."at", a."time_zone"), c."inventory_id", c."ai_base_id", s."channel_id", '',
		coalesce(sum(moved."sign") FILTER (WHERE moved."category" = 'UTILITY'), 0),
		coalesce(sum(moved."sign") FILTER (WHERE moved."category" = 'MARKETING'), 0),
		sum(moved."micros"),
		coalesce(sum(moved."sign") FILTER (WHERE moved."purpose" IN ('order_confirmation', 'shipping_update')), 0)
	FROM "new_sends" s
	JOIN "old_sends" o ON o."id" = s."id"
	JOIN "accounts" a ON a."uid" = s."uid"
	LEFT JOIN "channels" c ON c."id" = s."channel_id"
	CROSS JOIN LATERAL (VALUES
		(o."sent_at", -1, -coalesce(o."cost_micros", 0), o."category", o."purpose"),
		(s."sent_at", 1, coalesce(s."cost_micros", 0), s."category", s."purpose")
	) AS moved("at", "sign", "micros", "category", "purpose")
	WHERE o."sent_at" IS NOT NULL AND s."sent_at" IS NOT NULL
		AND (s."sent_at" IS DISTINCT FROM o."sent_at" OR s."cost_micros" IS DISTINCT FROM o."cost_micros")
	GROUP BY 1, 2, 3, 4, 5
	ORDER BY 1, 2, 3, 4, 5
	ON CONFLICT ON CONSTRAINT "dashboard_rollups_key" DO UPDATE SET
		"messages_utility" = r."messages_utility" + excluded."messages_utility",
		"messages_marketing" = r."messages_marketing" + excluded."messages_marketing",
		"message_cost_micros" = r."message_cost_micros" + excluded."message_cost_micros",
		"notices_sent" = r."notices_sent" + excluded."notices_sent";
	RETURN NULL;
END
$$;
