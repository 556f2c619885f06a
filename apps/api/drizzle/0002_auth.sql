CREATE TABLE "login_failure" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "login_failure_count_check" CHECK ("login_failure"."count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "login_failure_window_idx" ON "login_failure" USING btree ("window_start");