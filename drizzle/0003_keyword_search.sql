-- Texts stored before this migration gain what listingSearchText now appends (section, deal,
-- property type, completion, room type, "N bedrooms", "N bathrooms") and are accent-folded
-- (app/lib/listing-search-text.ts), before the full-text column is computed from them.
UPDATE "listings" SET "search_text" = translate(concat_ws(' ', nullif("search_text", ''), CASE "category" WHEN 'hospitality' THEN 'hospitality hotels & stays' WHEN 'professionals' THEN 'professionals professional' WHEN 'travel-agencies' THEN 'travel agencies travel' ELSE replace("category", '-', ' ') END, "listing_type", "property_type", replace("completion_status", '-', ' '), replace("room_type", '-', ' '), "bedrooms" || ' bedrooms', "bathrooms" || ' bathrooms'), 'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżž', 'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz');--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, translate(lower("title"), 'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżž', 'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz')), 'A') || setweight(to_tsvector('simple'::regconfig, translate(lower("city"), 'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżž', 'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz')), 'B') || setweight(to_tsvector('simple'::regconfig, "search_text"), 'D')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_search_vector_idx" ON "listings" USING gin ("search_vector");--> statement-breakpoint
-- search_words holds every word of listings.search_vector. New listings add theirs in one
-- statement (a transition table, so a bulk insert costs one INSERT); an edit that changes the
-- searchable text adds its words (a view counted changes nothing searchable and adds nothing).
CREATE FUNCTION "listings_search_words_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
    SELECT DISTINCT w.lexeme FROM "new_listings" l, unnest(l."search_vector") w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listings_search_words_insert" AFTER INSERT ON "listings"
  REFERENCING NEW TABLE AS "new_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "listings_search_words_insert"();--> statement-breakpoint
CREATE FUNCTION "listings_search_words_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
    SELECT w.lexeme FROM unnest(NEW."search_vector") w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listings_search_words_update" AFTER UPDATE OF "title", "city", "search_text" ON "listings"
  FOR EACH ROW WHEN (OLD."search_vector" IS DISTINCT FROM NEW."search_vector")
  EXECUTE FUNCTION "listings_search_words_update"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w.lexeme FROM "listings" l, unnest(l."search_vector") w
  ON CONFLICT DO NOTHING;
