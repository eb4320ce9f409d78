-- btree_gist lets one exclusion constraint compare the listing (=) and the nights (&&) together.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "booking_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_events_event_check" CHECK ("booking_events"."event" IN ('requested', 'booked', 'accepted', 'declined', 'expired', 'cancelled', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'request' NOT NULL,
	"cancellation_policy" text DEFAULT 'moderate' NOT NULL,
	"min_stay" smallint DEFAULT 1 NOT NULL,
	"max_stay" smallint,
	"notice_days" smallint DEFAULT 0 NOT NULL,
	"preparation_days" smallint DEFAULT 0 NOT NULL,
	"max_guests" smallint DEFAULT 2 NOT NULL,
	"cleaning_fee_usd_cents" bigint DEFAULT 0 NOT NULL,
	"ical_token" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_ical_token_unique" UNIQUE("ical_token"),
	CONSTRAINT "booking_settings_mode_check" CHECK ("booking_settings"."mode" IN ('instant', 'request')),
	CONSTRAINT "booking_settings_policy_check" CHECK ("booking_settings"."cancellation_policy" IN ('flexible', 'moderate', 'strict')),
	CONSTRAINT "booking_settings_min_stay_check" CHECK ("booking_settings"."min_stay" BETWEEN 1 AND 365),
	CONSTRAINT "booking_settings_max_stay_check" CHECK ("booking_settings"."max_stay" IS NULL OR "booking_settings"."max_stay" BETWEEN "booking_settings"."min_stay" AND 365),
	CONSTRAINT "booking_settings_notice_check" CHECK ("booking_settings"."notice_days" BETWEEN 0 AND 365),
	CONSTRAINT "booking_settings_preparation_check" CHECK ("booking_settings"."preparation_days" BETWEEN 0 AND 30),
	CONSTRAINT "booking_settings_guests_check" CHECK ("booking_settings"."max_guests" BETWEEN 1 AND 50),
	CONSTRAINT "booking_settings_cleaning_fee_check" CHECK ("booking_settings"."cleaning_fee_usd_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"guest_id" text NOT NULL,
	"host_id" text NOT NULL,
	"unit" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"preparation_days" smallint DEFAULT 0 NOT NULL,
	"occupied" daterange GENERATED ALWAYS AS (daterange("check_in", "check_out" + "preparation_days", '[)')) STORED NOT NULL,
	"departure_id" integer,
	"guests" smallint NOT NULL,
	"quantity" smallint NOT NULL,
	"status" text NOT NULL,
	"cancellation_policy" text NOT NULL,
	"rate_usd_cents" bigint NOT NULL,
	"subtotal_usd_cents" bigint NOT NULL,
	"cleaning_fee_usd_cents" bigint NOT NULL,
	"service_fee_usd_cents" bigint NOT NULL,
	"total_usd_cents" bigint NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"currency_rate" numeric(18, 6) NOT NULL,
	"message" text,
	"expires_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"refund_usd_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_unit_check" CHECK ("bookings"."unit" IN ('night', 'month', 'departure')),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" IN ('requested', 'declined', 'expired', 'confirmed', 'cancelled', 'completed')),
	CONSTRAINT "bookings_policy_check" CHECK ("bookings"."cancellation_policy" IN ('flexible', 'moderate', 'strict')),
	CONSTRAINT "bookings_cancelled_by_check" CHECK (("bookings"."status" = 'cancelled') = ("bookings"."cancelled_by" IS NOT NULL) AND ("bookings"."cancelled_by" IS NULL OR "bookings"."cancelled_by" IN ('guest', 'host', 'admin'))),
	CONSTRAINT "bookings_dates_check" CHECK ("bookings"."check_out" > "bookings"."check_in"),
	CONSTRAINT "bookings_guests_check" CHECK ("bookings"."guests" BETWEEN 1 AND 50),
	CONSTRAINT "bookings_quantity_check" CHECK ("bookings"."quantity" >= 1),
	CONSTRAINT "bookings_not_own_check" CHECK ("bookings"."guest_id" <> "bookings"."host_id"),
	CONSTRAINT "bookings_departure_check" CHECK (("bookings"."unit" = 'departure') = ("bookings"."departure_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "calendar_blocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"feed_id" integer,
	"summary" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_blocks_range_check" CHECK ("calendar_blocks"."ends_on" > "calendar_blocks"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "ical_feeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ical_feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"url" text NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ical_feeds_listing_url_unique" UNIQUE("listing_id","url")
);
--> statement-breakpoint
CREATE TABLE "tour_departures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tour_departures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"departs_on" date NOT NULL,
	"seats" smallint NOT NULL,
	"seats_taken" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_departures_listing_day_unique" UNIQUE("listing_id","departs_on"),
	CONSTRAINT "tour_departures_seats_check" CHECK ("tour_departures"."seats" BETWEEN 1 AND 500),
	CONSTRAINT "tour_departures_seats_taken_check" CHECK ("tour_departures"."seats_taken" BETWEEN 0 AND "tour_departures"."seats")
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "service_fee_basis_points" smallint DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_guest_id_user_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_departure_id_tour_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."tour_departures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_blocks" ADD CONSTRAINT "calendar_blocks_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_blocks" ADD CONSTRAINT "calendar_blocks_feed_id_ical_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."ical_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_feeds" ADD CONSTRAINT "ical_feeds_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_departures" ADD CONSTRAINT "tour_departures_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_guest_idx" ON "bookings" USING btree ("guest_id","check_in");--> statement-breakpoint
CREATE INDEX "bookings_host_idx" ON "bookings" USING btree ("host_id","status","check_in");--> statement-breakpoint
CREATE INDEX "bookings_listing_idx" ON "bookings" USING btree ("listing_id","check_in");--> statement-breakpoint
CREATE INDEX "bookings_requested_expiry_idx" ON "bookings" USING btree ("expires_at") WHERE "bookings"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "bookings_confirmed_checkout_idx" ON "bookings" USING btree ("check_out") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "calendar_blocks_listing_idx" ON "calendar_blocks" USING btree ("listing_id","starts_on");--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_service_fee_check" CHECK ("platform_settings"."service_fee_basis_points" BETWEEN 0 AND 2000);;--> statement-breakpoint
-- The database refuses double bookings itself: two bookings that hold nights (requested or
-- confirmed) of one listing never overlap, preparation days included. Seats on a departure are
-- kept by tour_departures' CHECK on seats_taken instead.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("listing_id" WITH =, "occupied" WITH &&) WHERE ("status" IN ('requested', 'confirmed') AND "unit" <> 'departure');