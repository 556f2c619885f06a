CREATE TABLE "article" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" jsonb NOT NULL,
	"author" text NOT NULL,
	"category" text NOT NULL,
	"visual" jsonb,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "cart_item" (
	"cart_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "cart_item_cart_id_product_id_pk" PRIMARY KEY("cart_id","product_id"),
	CONSTRAINT "cart_item_quantity_check" CHECK ("cart_item"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "cart" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_game" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"description" jsonb NOT NULL,
	"prize" text NOT NULL,
	"visual" jsonb,
	"ticketing_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_participation" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_game_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_question" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_game_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"choices" jsonb NOT NULL,
	"answer" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"description" jsonb NOT NULL,
	"category" text NOT NULL,
	"city" text NOT NULL,
	"city_slug" text NOT NULL,
	"partner" text NOT NULL,
	"visuals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_validity_check" CHECK ("offer"."valid_until" >= "offer"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "order_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"title" text NOT NULL,
	"unit_price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total" integer NOT NULL,
	CONSTRAINT "order_item_quantity_check" CHECK ("order_item"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"total_amount" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"facturation_address" jsonb,
	"payment_provider" text,
	"payment_reference" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_reference_unique" UNIQUE("reference"),
	CONSTRAINT "order_total_check" CHECK ("order"."total_amount" >= 0),
	CONSTRAINT "order_status_check" CHECK ("order"."status" IN ('PENDING', 'PAID', 'CANCELLED', 'REFUNDED'))
);
--> statement-breakpoint
CREATE TABLE "organizer" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" jsonb,
	"city" text NOT NULL,
	"website" text,
	"logo" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizer_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "page_view" (
	"ticketing_id" integer NOT NULL,
	"source" text NOT NULL,
	"day" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_view_ticketing_id_source_day_pk" PRIMARY KEY("ticketing_id","source","day")
);
--> statement-breakpoint
CREATE TABLE "password_reset" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "performer" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"initial" text NOT NULL,
	"genre" text NOT NULL,
	"bio" jsonb,
	"visual" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performer_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_type" text NOT NULL,
	"ticketing_id" integer,
	"offer_id" integer,
	"title" text NOT NULL,
	"description" text,
	"price" integer NOT NULL,
	"discount_type" text,
	"discount" integer DEFAULT 0 NOT NULL,
	"quota" integer NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_type_check" CHECK ("product"."product_type" IN ('TICKET', 'OFFER')),
	CONSTRAINT "product_discount_type_check" CHECK ("product"."discount_type" IN ('FIXED', 'PERCENTAGE')),
	CONSTRAINT "product_price_check" CHECK ("product"."price" >= 0),
	CONSTRAINT "product_discount_check" CHECK ("product"."discount" >= 0),
	CONSTRAINT "product_quota_check" CHECK ("product"."quota" >= 1),
	CONSTRAINT "product_stock_check" CHECK ("product"."sold" >= 0 AND "product"."reserved" >= 0 AND "product"."sold" + "product"."reserved" <= "product"."stock"),
	CONSTRAINT "product_owner_check" CHECK (("product"."product_type" = 'TICKET' AND "product"."ticketing_id" IS NOT NULL AND "product"."offer_id" IS NULL) OR ("product"."product_type" = 'OFFER' AND "product"."offer_id" IS NOT NULL AND "product"."ticketing_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "redirect" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"kind" text DEFAULT 'PERMANENT' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirect_source_unique" UNIQUE("source"),
	CONSTRAINT "redirect_kind_check" CHECK ("redirect"."kind" IN ('PERMANENT', 'TEMPORARY'))
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "seed_run" (
	"name" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_answer" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"ticketing_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_question" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"choices" jsonb,
	"required" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"introduction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticketing_performer" (
	"ticketing_id" integer NOT NULL,
	"performer_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticketing_performer_ticketing_id_performer_id_pk" PRIMARY KEY("ticketing_id","performer_id")
);
--> statement-breakpoint
CREATE TABLE "ticketing" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"description" jsonb NOT NULL,
	"category" text NOT NULL,
	"venue" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"city_slug" text NOT NULL,
	"country" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"organizer_id" integer NOT NULL,
	"visuals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'PUBLISHED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticketing_period_check" CHECK ("ticketing"."ends_at" >= "ticketing"."starts_at"),
	CONSTRAINT "ticketing_status_check" CHECK ("ticketing"."status" IN ('DRAFT', 'PUBLISHED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "ticket" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"code" text NOT NULL,
	"holder_name" text NOT NULL,
	"scanned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" serial PRIMARY KEY NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"phone" text,
	"facturation_address" jsonb,
	"terms_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_item" ADD CONSTRAINT "cart_item_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_item" ADD CONSTRAINT "cart_item_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_game" ADD CONSTRAINT "contest_game_ticketing_id_ticketing_id_fk" FOREIGN KEY ("ticketing_id") REFERENCES "ticketing"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_participation" ADD CONSTRAINT "contest_participation_contest_game_id_contest_game_id_fk" FOREIGN KEY ("contest_game_id") REFERENCES "contest_game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_participation" ADD CONSTRAINT "contest_participation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_question" ADD CONSTRAINT "contest_question_contest_game_id_contest_game_id_fk" FOREIGN KEY ("contest_game_id") REFERENCES "contest_game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_view" ADD CONSTRAINT "page_view_ticketing_id_ticketing_id_fk" FOREIGN KEY ("ticketing_id") REFERENCES "ticketing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_ticketing_id_ticketing_id_fk" FOREIGN KEY ("ticketing_id") REFERENCES "ticketing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answer" ADD CONSTRAINT "survey_answer_survey_id_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "survey"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answer" ADD CONSTRAINT "survey_answer_ticketing_id_ticketing_id_fk" FOREIGN KEY ("ticketing_id") REFERENCES "ticketing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answer" ADD CONSTRAINT "survey_answer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_question" ADD CONSTRAINT "survey_question_survey_id_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "survey"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_performer" ADD CONSTRAINT "ticketing_performer_ticketing_id_ticketing_id_fk" FOREIGN KEY ("ticketing_id") REFERENCES "ticketing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_performer" ADD CONSTRAINT "ticketing_performer_performer_id_performer_id_fk" FOREIGN KEY ("performer_id") REFERENCES "performer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing" ADD CONSTRAINT "ticketing_organizer_id_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "organizer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_order_item_id_order_item_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "order_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_published_idx" ON "article" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "contest_game_period_idx" ON "contest_game" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_participation_once_idx" ON "contest_participation" USING btree ("contest_game_id","user_id");--> statement-breakpoint
CREATE INDEX "contest_participation_ranking_idx" ON "contest_participation" USING btree ("contest_game_id","score","created_at");--> statement-breakpoint
CREATE INDEX "contest_question_game_idx" ON "contest_question" USING btree ("contest_game_id","position");--> statement-breakpoint
CREATE INDEX "offer_category_valid_idx" ON "offer" USING btree ("category","valid_until");--> statement-breakpoint
CREATE INDEX "offer_city_valid_idx" ON "offer" USING btree ("city_slug","valid_until");--> statement-breakpoint
CREATE INDEX "offer_title_trgm_idx" ON "offer" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_item_order_idx" ON "order_item" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_user_created_idx" ON "order" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "password_reset_user_idx" ON "password_reset" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "performer_name_idx" ON "performer" USING btree ("name");--> statement-breakpoint
CREATE INDEX "performer_name_trgm_idx" ON "performer" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_ticketing_idx" ON "product" USING btree ("ticketing_id","position");--> statement-breakpoint
CREATE INDEX "product_offer_idx" ON "product" USING btree ("offer_id","position");--> statement-breakpoint
CREATE INDEX "refresh_token_family_idx" ON "refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_token_user_idx" ON "refresh_token" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_answer_once_idx" ON "survey_answer" USING btree ("survey_id","ticketing_id","user_id");--> statement-breakpoint
CREATE INDEX "survey_question_survey_idx" ON "survey_question" USING btree ("survey_id","position");--> statement-breakpoint
CREATE INDEX "ticketing_performer_performer_idx" ON "ticketing_performer" USING btree ("performer_id");--> statement-breakpoint
CREATE INDEX "ticketing_country_starts_idx" ON "ticketing" USING btree ("country","starts_at","id");--> statement-breakpoint
CREATE INDEX "ticketing_city_starts_idx" ON "ticketing" USING btree ("city_slug","starts_at","id");--> statement-breakpoint
CREATE INDEX "ticketing_starts_idx" ON "ticketing" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "ticketing_organizer_idx" ON "ticketing" USING btree ("organizer_id","starts_at");--> statement-breakpoint
CREATE INDEX "ticketing_title_trgm_idx" ON "ticketing" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_order_item_idx" ON "ticket" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_idx" ON "user" USING btree (lower("email"));