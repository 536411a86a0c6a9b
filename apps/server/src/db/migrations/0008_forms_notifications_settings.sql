CREATE TABLE "form_kinds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "form_kinds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"escalation" jsonb,
	"counts_absence" boolean DEFAULT false NOT NULL,
	"template" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regulation_acknowledgements" (
	"regulation_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regulation_acknowledgements_regulation_id_student_id_pk" PRIMARY KEY("regulation_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "regulations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "regulations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"category" text NOT NULL,
	"body_html" text,
	"pdf_name" text,
	"pdf_size" integer,
	"pdf_data" "bytea",
	"effective_from" date NOT NULL,
	"requires_ack" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regulations_status_ck" CHECK ("regulations"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "regulations_content_ck" CHECK ("regulations"."body_html" is not null or "regulations"."pdf_data" is not null)
);
--> statement-breakpoint
CREATE TABLE "student_form_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_form_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"field_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_form_files_mime_ck" CHECK ("student_form_files"."mime_type" in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "student_form_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_form_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"homeroom_class_id" integer,
	"academic_year_id" integer,
	"values" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"first_day" date,
	"last_day" date,
	"absence_sessions" integer DEFAULT 0 NOT NULL,
	"client_key" text,
	"submitted_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"decision_comment" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_forms_status_ck" CHECK ("student_forms"."status" in ('draft', 'submitted', 'returned', 'escalated', 'approved', 'rejected', 'withdrawn')),
	CONSTRAINT "student_forms_days_ck" CHECK ("student_forms"."first_day" is null or "student_forms"."last_day" is null or "student_forms"."first_day" <= "student_forms"."last_day"),
	CONSTRAINT "student_forms_absence_ck" CHECK ("student_forms"."absence_sessions" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "school_assets" (
	"key" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "regulation_acknowledgements" ADD CONSTRAINT "regulation_acknowledgements_regulation_id_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_acknowledgements" ADD CONSTRAINT "regulation_acknowledgements_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulations" ADD CONSTRAINT "regulations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_form_files" ADD CONSTRAINT "student_form_files_form_id_student_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."student_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_form_history" ADD CONSTRAINT "student_form_history_form_id_student_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."student_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_form_history" ADD CONSTRAINT "student_form_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_forms" ADD CONSTRAINT "student_forms_kind_id_form_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."form_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_forms" ADD CONSTRAINT "student_forms_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_forms" ADD CONSTRAINT "student_forms_homeroom_class_id_homeroom_classes_id_fk" FOREIGN KEY ("homeroom_class_id") REFERENCES "public"."homeroom_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_forms" ADD CONSTRAINT "student_forms_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_forms" ADD CONSTRAINT "student_forms_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_assets" ADD CONSTRAINT "school_assets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_kinds_code_uq" ON "form_kinds" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "regulation_ack_student_idx" ON "regulation_acknowledgements" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "regulations_status_idx" ON "regulations" USING btree ("status","effective_from");--> statement-breakpoint
CREATE INDEX "student_form_files_form_idx" ON "student_form_files" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "student_form_history_form_idx" ON "student_form_history" USING btree ("form_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "student_forms_client_key_uq" ON "student_forms" USING btree ("student_id","client_key") WHERE "student_forms"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "student_forms_student_idx" ON "student_forms" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "student_forms_class_status_idx" ON "student_forms" USING btree ("homeroom_class_id","status");--> statement-breakpoint
CREATE INDEX "student_forms_status_idx" ON "student_forms" USING btree ("status");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_dedupe_uq" ON "notifications" USING btree ("user_id","dedupe_key") WHERE "notifications"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id","last_seen_at");--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;