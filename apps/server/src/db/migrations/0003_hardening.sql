ALTER TABLE "surveys" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "published_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Surveys closed before publication existed were already visible to teachers: they stay published.
UPDATE "surveys" SET "published_at" = "updated_at" WHERE "status" = 'closed' AND "is_template" = false;
