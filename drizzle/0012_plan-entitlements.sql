ALTER TABLE "premium_plans" ADD COLUMN "entitlements" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The spec's feature texts as entitlements (docs/decisions/016-plan-entitlements.md). Listing and
-- featured-ad counts are already the plan's columns, so their texts map to nothing.
CREATE TEMPORARY TABLE "plan_feature_map" ("text" text PRIMARY KEY, "key" text NOT NULL, "value" jsonb NOT NULL);--> statement-breakpoint
INSERT INTO "plan_feature_map" VALUES
	('basic analytics', 'analytics', '"basic"'),
	('premium analytics', 'analytics', '"premium"'),
	('basic chat support', 'support', '"basic"'),
	('priority chat', 'support', '"priority"'),
	('reviews dashboard', 'reviewsDashboard', 'true'),
	('watermark removal', 'watermarkRemoval', 'true'),
	('agency badge', 'agencyBadge', 'true'),
	('whatsapp leads', 'whatsappLeads', 'true'),
	('video listing support', 'videoListing', 'true'),
	('lead download', 'leadDownload', 'true'),
	('social media boost', 'socialBoost', '{"perPeriod": 3}'),
	('team access', 'team', '{"seats": 5}'),
	('property website', 'propertyWebsite', 'true'),
	('custom branding', 'customBranding', 'true');--> statement-breakpoint
-- A text no entitlement stands for is kept where the administrator can read it: the audit log.
INSERT INTO "audit_log" ("actor_email", "action", "target_type", "target_id", "detail")
SELECT 'migration 0012_plan-entitlements', 'plan.edit', 'plan', p."id",
	jsonb_build_object('before', jsonb_build_object('features', u."texts"), 'after', '{}'::jsonb)
FROM "premium_plans" p
CROSS JOIN LATERAL (
	SELECT jsonb_agg(f) AS "texts"
	FROM jsonb_array_elements_text(p."features") f
	WHERE NOT EXISTS (SELECT 1 FROM "plan_feature_map" m WHERE m."text" = lower(trim(f)))
		AND lower(trim(f)) !~ '^(up to [0-9]+ listings?|[0-9]+ featured ads?|unlimited listings)$'
		AND NOT EXISTS (
			SELECT 1 FROM "premium_plans" o
			WHERE o."id" <> p."id" AND lower(trim(f)) = 'all ' || lower(o."name") || ' features'
		)
) u
WHERE u."texts" IS NOT NULL;--> statement-breakpoint
-- "All Premium features": the named plan's perks, its own ancestors' first, the nearest winning.
WITH RECURSIVE "own" AS (
	SELECT p."id",
		coalesce((
			SELECT jsonb_object_agg(m."key", m."value")
			FROM jsonb_array_elements_text(p."features") f
			JOIN "plan_feature_map" m ON m."text" = lower(trim(f))
		), '{}'::jsonb) AS "perks",
		(
			SELECT o."id"
			FROM jsonb_array_elements_text(p."features") f
			JOIN "premium_plans" o
				ON o."id" <> p."id" AND lower(trim(f)) = 'all ' || lower(o."name") || ' features'
			ORDER BY o."position"
			LIMIT 1
		) AS "parent"
	FROM "premium_plans" p
), "chain" ("id", "ancestor", "depth") AS (
	SELECT "id", "id", 0 FROM "own"
	UNION ALL
	SELECT c."id", o."parent", c."depth" + 1
	FROM "chain" c
	JOIN "own" o ON o."id" = c."ancestor"
	WHERE o."parent" IS NOT NULL AND c."depth" < 10
), "merged" AS (
	SELECT c."id", jsonb_object_agg(e."key", e."value" ORDER BY c."depth" DESC) AS "perks"
	FROM "chain" c
	JOIN "own" o ON o."id" = c."ancestor"
	CROSS JOIN LATERAL jsonb_each(o."perks") e
	GROUP BY c."id"
)
UPDATE "premium_plans" p SET "entitlements" = m."perks" FROM "merged" m WHERE m."id" = p."id";--> statement-breakpoint
DROP TABLE "plan_feature_map";--> statement-breakpoint
ALTER TABLE "premium_plans" DROP COLUMN "features";
