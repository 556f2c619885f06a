CREATE TABLE "article_offer" (
	"article_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_offer_article_id_offer_id_pk" PRIMARY KEY("article_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "article_ticketing" (
	"article_id" integer NOT NULL,
	"ticketing_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_ticketing_article_id_ticketing_id_pk" PRIMARY KEY("article_id","ticketing_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_email" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"label" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" IN ('CREATE', 'UPDATE', 'DELETE', 'PUBLISH', 'UNPUBLISH', 'PAUSE', 'END', 'CLOSE', 'DRAW')),
	CONSTRAINT "audit_log_entity_check" CHECK ("audit_log"."entity" IN ('PARTNER', 'OFFER', 'PRODUCT', 'CONTEST_GAME', 'ARTICLE', 'SURVEY', 'REDIRECT'))
);
--> statement-breakpoint
CREATE TABLE "partner" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"organizer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "status" text DEFAULT 'PUBLISHED' NOT NULL;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_game" ADD COLUMN "drawn_by" integer;--> statement-breakpoint
ALTER TABLE "contest_game" ADD COLUMN "draw_method" text;--> statement-breakpoint
ALTER TABLE "contest_game" ADD COLUMN "draw_seed" text;--> statement-breakpoint
ALTER TABLE "contest_game" ADD COLUMN "status" text DEFAULT 'PUBLISHED' NOT NULL;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "partner_id" integer;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "status" text DEFAULT 'PUBLISHED' NOT NULL;--> statement-breakpoint
ALTER TABLE "redirect" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "survey" ADD COLUMN "ticketing_id" integer;--> statement-breakpoint
ALTER TABLE "survey" ADD COLUMN "invite_after_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "survey" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "article_offer" ADD CONSTRAINT "article_offer_article_id_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_offer" ADD CONSTRAINT "article_offer_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_ticketing" ADD CONSTRAINT "article_ticketing_article_id_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_ticketing" ADD CONSTRAINT "article_ticketing_ticketing_id_ticketing_id_fk" FOREIGN KEY ("ticketing_id") REFERENCES "ticketing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner" ADD CONSTRAINT "partner_organizer_id_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "organizer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_offer_offer_idx" ON "article_offer" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "article_ticketing_ticketing_idx" ON "article_ticketing" USING btree ("ticketing_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "partner_name_idx" ON "partner" USING btree ("name");--> statement-breakpoint
ALTER TABLE "contest_game" ADD CONSTRAINT "contest_game_drawn_by_user_id_fk" FOREIGN KEY ("drawn_by") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_partner_id_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "partner"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey" ADD CONSTRAINT "survey_ticketing_id_ticketing_id_fk" FOREIGN KEY ("ticketing_id") REFERENCES "ticketing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_partner_idx" ON "offer" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_ticketing_idx" ON "survey" USING btree ("ticketing_id");--> statement-breakpoint
ALTER TABLE "article" ADD CONSTRAINT "article_status_check" CHECK ("article"."status" IN ('DRAFT', 'PUBLISHED'));--> statement-breakpoint
ALTER TABLE "contest_game" ADD CONSTRAINT "contest_game_status_check" CHECK ("contest_game"."status" IN ('DRAFT', 'PUBLISHED'));--> statement-breakpoint
ALTER TABLE "contest_game" ADD CONSTRAINT "contest_game_draw_method_check" CHECK ("contest_game"."draw_method" IN ('RANKING', 'RANDOM'));--> statement-breakpoint
ALTER TABLE "contest_game" ADD CONSTRAINT "contest_game_period_check" CHECK ("contest_game"."ends_at" > "contest_game"."starts_at");--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_status_check" CHECK ("offer"."status" IN ('DRAFT', 'PUBLISHED', 'PAUSED', 'ENDED'));--> statement-breakpoint
ALTER TABLE "survey" ADD CONSTRAINT "survey_invite_after_days_check" CHECK ("survey"."invite_after_days" BETWEEN 0 AND 60);--> statement-breakpoint
-- Every deal gets its partner row: one per partner name the offers carry, with the address of its newest offer.
INSERT INTO "partner" ("name", "address", "city", "organizer_id")
  SELECT DISTINCT ON ("partner") "partner", "partner_address", "city", "organizer_id"
  FROM "offer" ORDER BY "partner", "id" DESC
  ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
UPDATE "offer" SET "partner_id" = p."id" FROM "partner" p WHERE p."name" = "offer"."partner" AND "offer"."partner_id" IS NULL;
--> statement-breakpoint
-- Public pages show partners' names and an article's chosen cards: their changes move the data version on
-- (migration 0013), so cached pages are dropped at once.
DO $$
DECLARE target text;
BEGIN
  FOREACH target IN ARRAY ARRAY['partner', 'article_ticketing', 'article_offer']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()', target || '_data_version', target);
  END LOOP;
  FOREACH target IN ARRAY ARRAY['partner', 'redirect', 'survey']
  LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION touch_updated_at()',
      target || '_touch_updated_at', target);
  END LOOP;
END $$;
