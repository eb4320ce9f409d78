CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"impersonated_by" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"phone" text,
	"avatar_url" text,
	"role" text,
	"premium_status" text DEFAULT 'none' NOT NULL,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_role_check" CHECK ("user"."role" IS NULL OR "user"."role" IN ('user', 'agent', 'professional', 'admin')),
	CONSTRAINT "user_premium_status_check" CHECK ("user"."premium_status" IN ('none', 'basic', 'standard', 'premium', 'elite', 'ultimate')),
	CONSTRAINT "user_email_lower_check" CHECK ("user"."email" = lower("user"."email"))
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" varchar(2) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	CONSTRAINT "countries_name_unique" UNIQUE("name"),
	CONSTRAINT "countries_slug_unique" UNIQUE("slug"),
	CONSTRAINT "countries_code_check" CHECK ("countries"."code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "countries_slug_check" CHECK ("countries"."slug" = lower("countries"."name"))
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" varchar(3) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"rate_per_usd" numeric(20, 6) NOT NULL,
	"country_code" varchar(2),
	"decimals" smallint DEFAULT 2 NOT NULL,
	CONSTRAINT "currencies_code_check" CHECK ("currencies"."code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "currencies_country_code_check" CHECK ("currencies"."country_code" IS NULL OR "currencies"."country_code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "currencies_rate_check" CHECK ("currencies"."rate_per_usd" > 0),
	CONSTRAINT "currencies_decimals_check" CHECK ("currencies"."decimals" BETWEEN 0 AND 3),
	CONSTRAINT "currencies_name_check" CHECK (length(trim("currencies"."name")) > 0),
	CONSTRAINT "currencies_symbol_check" CHECK (length(trim("currencies"."symbol")) > 0)
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" text NOT NULL,
	"listing_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_listing_id_pk" PRIMARY KEY("user_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "listing_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_images_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "listing_images_position_unique" UNIQUE("listing_id","position"),
	CONSTRAINT "listing_images_position_check" CHECK ("listing_images"."position" BETWEEN 0 AND 4),
	CONSTRAINT "listing_images_size_check" CHECK ("listing_images"."width" > 0 AND "listing_images"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "listing_views" (
	"listing_id" integer NOT NULL,
	"visitor_hash" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "listing_views_listing_id_visitor_hash_day_pk" PRIMARY KEY("listing_id","visitor_hash","day")
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"listing_type" text NOT NULL,
	"property_type" text,
	"completion_status" text,
	"service_category" text,
	"specialty" text,
	"price_usd_cents" bigint,
	"price_type" text,
	"country_code" varchar(2) NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"description" text NOT NULL,
	"contact_method" text DEFAULT 'email' NOT NULL,
	"contact_phone" text,
	"video_url" text,
	"status" text DEFAULT 'pending_approval' NOT NULL,
	"rejection_reason" text,
	"featured" boolean DEFAULT false NOT NULL,
	"agent_type" text DEFAULT 'standard' NOT NULL,
	"amenities" text[] DEFAULT '{}' NOT NULL,
	"service_highlights" text[] DEFAULT '{}' NOT NULL,
	"tour_types" text[] DEFAULT '{}' NOT NULL,
	"bedrooms" smallint,
	"bathrooms" smallint,
	"area_m2" integer,
	"room_type" text,
	"gender_preference" text,
	"rating" numeric(2, 1),
	"rating_count" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_title_check" CHECK (length(trim("listings"."title")) BETWEEN 3 AND 140),
	CONSTRAINT "listings_category_check" CHECK ("listings"."category" IN ('real-estate', 'hospitality', 'student-housing', 'professionals', 'travel-agencies', 'concierge')),
	CONSTRAINT "listings_listing_type_check" CHECK ("listings"."listing_type" IN ('sale', 'rent', 'lease', 'booking', 'service')),
	CONSTRAINT "listings_property_type_check" CHECK ("listings"."property_type" IS NULL OR "listings"."property_type" IN ('apartment', 'house', 'villa', 'townhouse', 'land', 'commercial', 'hotel', 'guesthouse', 'lodge', 'resort')),
	CONSTRAINT "listings_completion_status_check" CHECK ("listings"."completion_status" IS NULL OR "listings"."completion_status" IN ('ready', 'off-plan')),
	CONSTRAINT "listings_service_category_check" CHECK ("listings"."service_category" IS NULL OR "listings"."service_category" IN ('architect', 'surveyor', 'lawyer', 'real-estate-agent', 'property-manager', 'concierge-tours', 'interior-designer', 'painter-renovator')),
	CONSTRAINT "listings_professional_service_check" CHECK (("listings"."category" = 'professionals') = ("listings"."service_category" IS NOT NULL)),
	CONSTRAINT "listings_price_check" CHECK ("listings"."price_usd_cents" IS NULL OR "listings"."price_usd_cents" >= 0),
	CONSTRAINT "listings_price_type_check" CHECK ("listings"."price_type" IS NULL OR "listings"."price_type" IN ('per_night', 'per_week', 'per_month', 'per_year', 'per_person', 'per_hour', 'per_project', 'fixed', 'consultation_fee', 'retainer')),
	CONSTRAINT "listings_city_check" CHECK (length(trim("listings"."city")) > 0),
	CONSTRAINT "listings_address_check" CHECK (length(trim("listings"."address")) > 0),
	CONSTRAINT "listings_description_check" CHECK (length(trim("listings"."description")) > 0),
	CONSTRAINT "listings_contact_method_check" CHECK ("listings"."contact_method" IN ('email', 'phone', 'whatsapp')),
	CONSTRAINT "listings_status_check" CHECK ("listings"."status" IN ('pending_approval', 'approved', 'rejected')),
	CONSTRAINT "listings_agent_type_check" CHECK ("listings"."agent_type" IN ('standard', 'premium')),
	CONSTRAINT "listings_amenities_check" CHECK ("listings"."amenities" <@ ARRAY['WiFi', 'AC', 'Pool', 'Parking', 'Kitchen', 'Gym', 'Security', 'Balcony', 'OceanView', 'PetFriendly', 'Workspace', 'WashingMachine', 'Restaurant', 'Bar', 'Spa', 'BeachAccess', 'BreakfastIncluded', 'AirportShuttle', 'Furnished', 'UtilitiesIncluded', 'StudyDesk', 'CommonRoom', 'LaundryFacilities', 'Elevator', 'Garden', 'HotTub', 'Fireplace', 'Accessible', 'MeetingRooms', 'RooftopTerrace', 'NearCampus', 'RoommateMatching', 'QuietStudyAreas', 'StudentOnly']::text[]),
	CONSTRAINT "listings_service_highlights_check" CHECK ("listings"."service_highlights" <@ ARRAY['free-consultation', 'online-booking', 'verified-credentials', 'portfolio-available', 'site-visits', 'rics-certified', 'detailed-reports', 'fast-turnaround', '24-7-support', 'multilingual', 'custom-packages', 'licensed-insured', 'years-experience', 'local-expertise', 'flexible-hours', 'remote-services', 'payment-plans', 'satisfaction-guarantee']::text[]),
	CONSTRAINT "listings_tour_types_check" CHECK ("listings"."tour_types" <@ ARRAY['safari', 'cultural', 'adventure', 'beach', 'city']::text[]),
	CONSTRAINT "listings_bedrooms_check" CHECK ("listings"."bedrooms" IS NULL OR "listings"."bedrooms" BETWEEN 0 AND 100),
	CONSTRAINT "listings_bathrooms_check" CHECK ("listings"."bathrooms" IS NULL OR "listings"."bathrooms" BETWEEN 0 AND 100),
	CONSTRAINT "listings_area_check" CHECK ("listings"."area_m2" IS NULL OR "listings"."area_m2" > 0),
	CONSTRAINT "listings_room_type_check" CHECK ("listings"."room_type" IS NULL OR "listings"."room_type" IN ('single-room', 'shared-room', 'studio', 'apartment')),
	CONSTRAINT "listings_gender_preference_check" CHECK ("listings"."gender_preference" IS NULL OR "listings"."gender_preference" IN ('mixed', 'male-only', 'female-only')),
	CONSTRAINT "listings_rating_check" CHECK ("listings"."rating" IS NULL OR "listings"."rating" BETWEEN 0 AND 5),
	CONSTRAINT "listings_views_check" CHECK ("listings"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"reason" text DEFAULT 'general' NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"user_id" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_reason_check" CHECK ("contact_messages"."reason" IN ('general', 'support', 'partnership', 'listing')),
	CONSTRAINT "contact_messages_name_check" CHECK (length(trim("contact_messages"."name")) BETWEEN 1 AND 120),
	CONSTRAINT "contact_messages_email_check" CHECK ("contact_messages"."email" ~ '^[^@\s]+@[^@\s]+$'),
	CONSTRAINT "contact_messages_subject_check" CHECK (length(trim("contact_messages"."subject")) BETWEEN 1 AND 200),
	CONSTRAINT "contact_messages_message_check" CHECK (length(trim("contact_messages"."message")) BETWEEN 1 AND 5000)
);
--> statement-breakpoint
CREATE TABLE "hero_content" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hero_content_single_row_check" CHECK ("hero_content"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"site_name" text NOT NULL,
	"tagline" text NOT NULL,
	"support_email" text NOT NULL,
	"support_phone" text NOT NULL,
	"notification_email" text NOT NULL,
	"require_manual_approval" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_settings_single_row_check" CHECK ("platform_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_images" ADD CONSTRAINT "listing_images_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "countries_currency_code_idx" ON "countries" USING btree ("currency_code");--> statement-breakpoint
CREATE INDEX "favorites_listing_id_idx" ON "favorites" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "listings_browse_idx" ON "listings" USING btree ("status","category","featured","created_at");--> statement-breakpoint
CREATE INDEX "listings_featured_idx" ON "listings" USING btree ("created_at") WHERE "listings"."status" = 'approved' AND "listings"."featured";--> statement-breakpoint
CREATE INDEX "listings_price_idx" ON "listings" USING btree ("category","price_usd_cents");--> statement-breakpoint
CREATE INDEX "listings_country_idx" ON "listings" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "listings_user_id_idx" ON "listings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "listings_search_text_trgm_idx" ON "listings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");