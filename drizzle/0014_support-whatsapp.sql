CREATE TABLE "whatsapp_callbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_callbacks_phone_check" CHECK ("whatsapp_callbacks"."phone" ~ '^\+[1-9][0-9]{7,14}$'),
	CONSTRAINT "whatsapp_callbacks_name_check" CHECK (char_length("whatsapp_callbacks"."name") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "support_chats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_chats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"user_read_id" integer DEFAULT 0 NOT NULL,
	"staff_read_id" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_chats_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chat_id" integer NOT NULL,
	"sender_id" text,
	"from_staff" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_body_check" CHECK (char_length("support_messages"."body") BETWEEN 1 AND 4000)
);
--> statement-breakpoint
ALTER TABLE "listing_leads" DROP CONSTRAINT "listing_leads_kind_check";--> statement-breakpoint
ALTER TABLE "whatsapp_callbacks" ADD CONSTRAINT "whatsapp_callbacks_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_chats" ADD CONSTRAINT "support_chats_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_chat_id_support_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."support_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_callbacks_listing_idx" ON "whatsapp_callbacks" USING btree ("listing_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_chats_last_message_idx" ON "support_chats" USING btree ("last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_messages_chat_idx" ON "support_messages" USING btree ("chat_id","id");--> statement-breakpoint
ALTER TABLE "listing_leads" ADD CONSTRAINT "listing_leads_kind_check" CHECK ("listing_leads"."kind" IN ('call', 'whatsapp', 'email', 'share', 'favorite', 'callback'));