CREATE TABLE "email_confirmation" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_confirmation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "invitation" (
	"id" serial PRIMARY KEY NOT NULL,
	"organizer_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitation_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "invitation_role_check" CHECK ("invitation"."role" IN ('OWNER', 'MANAGER', 'SCANNER'))
);
--> statement-breakpoint
CREATE TABLE "membership" (
	"organizer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_organizer_id_user_id_pk" PRIMARY KEY("organizer_id","user_id"),
	CONSTRAINT "membership_role_check" CHECK ("membership"."role" IN ('OWNER', 'MANAGER', 'SCANNER'))
);
--> statement-breakpoint
CREATE TABLE "upload" (
	"id" serial PRIMARY KEY NOT NULL,
	"organizer_id" integer NOT NULL,
	"name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticketing" DROP CONSTRAINT "ticketing_status_check";--> statement-breakpoint
ALTER TABLE "organizer" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "organizer" ADD COLUMN "siret" text;--> statement-breakpoint
ALTER TABLE "organizer" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "organizer" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "organizer" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "organizer" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "organizer" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "organizer" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "sales_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "sales_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD COLUMN "audience" text DEFAULT 'SITE' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticketing" ADD COLUMN "schedule" text DEFAULT 'DATED' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticketing" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticketing" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "platform_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_confirmation" ADD CONSTRAINT "email_confirmation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_organizer_id_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "organizer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_organizer_id_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "organizer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_organizer_id_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "organizer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_confirmation_user_idx" ON "email_confirmation" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invitation_organizer_idx" ON "invitation" USING btree ("organizer_id");--> statement-breakpoint
CREATE INDEX "membership_user_idx" ON "membership" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_organizer_name_idx" ON "upload" USING btree ("organizer_id","name");--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_sales_window_check" CHECK ("product"."sales_start_at" IS NULL OR "product"."sales_end_at" IS NULL OR "product"."sales_start_at" < "product"."sales_end_at");--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_audience_check" CHECK ("refresh_token"."audience" IN ('SITE', 'PRO'));--> statement-breakpoint
ALTER TABLE "ticketing" ADD CONSTRAINT "ticketing_schedule_check" CHECK ("ticketing"."schedule" IN ('DATED', 'PERIOD'));--> statement-breakpoint
ALTER TABLE "ticketing" ADD CONSTRAINT "ticketing_version_check" CHECK ("ticketing"."version" >= 0);--> statement-breakpoint
ALTER TABLE "ticketing" ADD CONSTRAINT "ticketing_status_check" CHECK ("ticketing"."status" IN ('DRAFT', 'PUBLISHED', 'PAUSED', 'CANCELLED'));