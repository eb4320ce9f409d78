CREATE TABLE "listing_videos" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_videos_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "listing_videos_type_check" CHECK ("listing_videos"."mime_type" IN ('video/mp4', 'video/webm')),
	CONSTRAINT "listing_videos_bytes_check" CHECK ("listing_videos"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "listing_videos" ADD CONSTRAINT "listing_videos_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;