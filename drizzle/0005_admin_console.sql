CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" IN ('listing.approve', 'listing.reject', 'listing.feature', 'listing.premium', 'user.edit', 'user.delete', 'currency.add', 'currency.edit', 'settings.edit', 'hero.edit', 'plan.edit', 'message.reply'))
);
--> statement-breakpoint
CREATE TABLE "listing_leads" (
	"listing_id" integer NOT NULL,
	"kind" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "listing_leads_listing_id_kind_visitor_hash_day_pk" PRIMARY KEY("listing_id","kind","visitor_hash","day"),
	CONSTRAINT "listing_leads_kind_check" CHECK ("listing_leads"."kind" IN ('call', 'whatsapp', 'email', 'share', 'favorite'))
);
--> statement-breakpoint
CREATE TABLE "premium_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_usd" numeric(10, 2) NOT NULL,
	"months" smallint NOT NULL,
	"listing_limit" integer,
	"featured_ads" integer NOT NULL,
	"features" jsonb NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"position" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_plans_id_check" CHECK ("premium_plans"."id" ~ '^[a-z][a-z0-9-]{1,30}$'),
	CONSTRAINT "premium_plans_name_check" CHECK (length(trim("premium_plans"."name")) BETWEEN 1 AND 60),
	CONSTRAINT "premium_plans_price_check" CHECK ("premium_plans"."price_usd" > 0),
	CONSTRAINT "premium_plans_months_check" CHECK ("premium_plans"."months" BETWEEN 1 AND 36),
	CONSTRAINT "premium_plans_listing_limit_check" CHECK ("premium_plans"."listing_limit" IS NULL OR "premium_plans"."listing_limit" > 0),
	CONSTRAINT "premium_plans_featured_ads_check" CHECK ("premium_plans"."featured_ads" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "logo_path" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_leads" ADD CONSTRAINT "listing_leads_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_leads_day_idx" ON "listing_leads" USING btree ("day");--> statement-breakpoint
CREATE INDEX "listing_views_day_idx" ON "listing_views" USING btree ("day");--> statement-breakpoint
INSERT INTO "premium_plans" ("id", "name", "price_usd", "months", "listing_limit", "featured_ads", "features", "popular", "position") VALUES
	('basic', 'Basic', 15, 3, 5, 2, '["Up to 5 listings", "2 featured ads", "Basic analytics", "Basic chat support"]', false, 1),
	('standard', 'Standard', 25, 5, 10, 5, '["Up to 10 listings", "5 featured ads", "Priority chat", "Reviews dashboard", "Watermark removal"]', false, 2),
	('premium', 'Premium', 35, 6, NULL, 10, '["Unlimited listings", "10 featured ads", "Premium analytics", "Agency badge", "WhatsApp leads"]', true, 3),
	('elite', 'Elite', 50, 9, NULL, 10, '["All Premium features", "Video listing support", "Lead download", "Social media boost"]', false, 4),
	('ultimate', 'Ultimate', 75, 12, NULL, 10, '["All Elite features", "Team access", "Property website", "Custom branding"]', false, 5);
