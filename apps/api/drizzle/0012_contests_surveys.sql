CREATE TABLE "contest_winner" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_game_id" integer NOT NULL,
	"participation_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"prize" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_invitation" (
	"survey_id" integer NOT NULL,
	"ticketing_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_invitation_survey_id_ticketing_id_user_id_pk" PRIMARY KEY("survey_id","ticketing_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "contest_game" ADD COLUMN "prizes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_game" ADD COLUMN "rules" jsonb;--> statement-breakpoint
ALTER TABLE "contest_game" ADD COLUMN "tie_break_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_game" ADD COLUMN "tie_break_answer" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_game" ADD COLUMN "winners_drawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contest_participation" ADD COLUMN "tie_break" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_winner" ADD CONSTRAINT "contest_winner_contest_game_id_contest_game_id_fk" FOREIGN KEY ("contest_game_id") REFERENCES "contest_game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_winner" ADD CONSTRAINT "contest_winner_participation_id_contest_participation_id_fk" FOREIGN KEY ("participation_id") REFERENCES "contest_participation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitation" ADD CONSTRAINT "survey_invitation_survey_id_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "survey"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitation" ADD CONSTRAINT "survey_invitation_ticketing_id_ticketing_id_fk" FOREIGN KEY ("ticketing_id") REFERENCES "ticketing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitation" ADD CONSTRAINT "survey_invitation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_winner_rank_idx" ON "contest_winner" USING btree ("contest_game_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_winner_participation_idx" ON "contest_winner" USING btree ("participation_id");--> statement-breakpoint
-- hand-written: games created before prizes had a value keep their one prize, value unknown (0).
UPDATE "contest_game" SET "prizes" = jsonb_build_array(jsonb_build_object('label', "prize", 'valueCents', 0)) WHERE "prizes" = '[]'::jsonb;
