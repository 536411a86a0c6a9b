-- Hand-edited after drizzle-kit: the three *_order_uq constraints are DEFERRABLE INITIALLY DEFERRED
-- (drizzle cannot express it) so a save transaction may reorder rows one by one.
CREATE TABLE "codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "codes_keywords_ck" CHECK (jsonb_typeof("codes"."keywords") = 'array')
);
--> statement-breakpoint
CREATE TABLE "response_detail_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "response_detail_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"response_detail_id" integer NOT NULL,
	"code_id" integer NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"matched_keyword" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "response_detail_codes_source_ck" CHECK ("response_detail_codes"."source" in ('manual', 'auto'))
);
--> statement-breakpoint
CREATE TABLE "response_details" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "response_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"response_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer_text" text,
	"answer_options" jsonb,
	"other_value" text,
	"grid_column_id" integer,
	"value_number" numeric,
	CONSTRAINT "response_details_answered_ck" CHECK (num_nonnulls("response_details"."answer_text", "response_details"."answer_options", "response_details"."other_value", "response_details"."grid_column_id", "response_details"."value_number") > 0)
);
--> statement-breakpoint
CREATE TABLE "response_review_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "response_review_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"review_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"reason_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"matched_spans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "response_review_history_status_ck" CHECK ("response_review_history"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "response_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "response_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"response_detail_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reason_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"matched_spans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "response_reviews_status_ck" CHECK ("response_reviews"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "response_reviews_decided_ck" CHECK ("response_reviews"."status" = 'pending' or "response_reviews"."reviewed_at" is not null),
	CONSTRAINT "response_reviews_codes_ck" CHECK (jsonb_typeof("response_reviews"."reason_codes") = 'array' and jsonb_typeof("response_reviews"."matched_spans") = 'array')
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "survey_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"survey_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"course_class_id" integer,
	"teacher_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"student_grade" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"homeroom_class_id" integer,
	"straight_lined" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_responses_one_uq" UNIQUE NULLS NOT DISTINCT("survey_id","student_id","course_class_id"),
	CONSTRAINT "survey_responses_grade_ck" CHECK ("survey_responses"."student_grade" in (10, 11, 12)),
	CONSTRAINT "survey_responses_teachers_ck" CHECK ("survey_responses"."course_class_id" is not null or cardinality("survey_responses"."teacher_ids") = 0)
);
--> statement-breakpoint
CREATE TABLE "theme_codes" (
	"theme_id" integer NOT NULL,
	"code_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "theme_codes_theme_id_code_id_pk" PRIMARY KEY("theme_id","code_id")
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "themes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grid_columns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grid_columns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"value_number" numeric,
	"display_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grid_columns_order_uq" UNIQUE("group_id","display_order") DEFERRABLE INITIALLY DEFERRED,
	CONSTRAINT "grid_columns_label_uq" UNIQUE("group_id","label"),
	CONSTRAINT "grid_columns_value_uq" UNIQUE("group_id","value"),
	CONSTRAINT "grid_columns_none_ck" CHECK ("grid_columns"."value" <> 'None' or "grid_columns"."value_number" is null)
);
--> statement-breakpoint
CREATE TABLE "grid_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grid_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"section_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grid_groups_id_section_uq" UNIQUE("id","section_id")
);
--> statement-breakpoint
CREATE TABLE "score_configs" (
	"survey_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_configs_survey_id_question_id_pk" PRIMARY KEY("survey_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "survey_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"section_id" integer NOT NULL,
	"content" text NOT NULL,
	"question_type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"display_order" integer NOT NULL,
	"options" jsonb,
	"visible_to_teacher" boolean DEFAULT true NOT NULL,
	"lms_only" boolean DEFAULT false NOT NULL,
	"grid_group_id" integer,
	"source_question_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_questions_order_uq" UNIQUE("section_id","display_order") DEFERRABLE INITIALLY DEFERRED,
	CONSTRAINT "survey_questions_type_ck" CHECK ("survey_questions"."question_type" in ('short_text', 'long_text', 'multiple_choice', 'grid', 'checkbox', 'linear_scale', 'dropdown')),
	CONSTRAINT "survey_questions_grid_ck" CHECK (("survey_questions"."question_type" = 'grid') = ("survey_questions"."grid_group_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "survey_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "survey_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"survey_id" integer,
	"module_id" integer,
	"filtered" boolean DEFAULT false NOT NULL,
	"response_count" integer DEFAULT 0 NOT NULL,
	"data" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_results_scope_uq" UNIQUE NULLS NOT DISTINCT("survey_id","module_id","kind","filtered"),
	CONSTRAINT "survey_results_kind_ck" CHECK ("survey_results"."kind" in ('questions', 'course_classes', 'grade_campus', 'module')),
	CONSTRAINT "survey_results_scope_ck" CHECK (case when "survey_results"."kind" = 'module' then "survey_results"."module_id" is not null and "survey_results"."survey_id" is null else "survey_results"."survey_id" is not null and "survey_results"."module_id" is null end)
);
--> statement-breakpoint
CREATE TABLE "survey_sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "survey_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"survey_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"display_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_sections_order_uq" UNIQUE("survey_id","display_order") DEFERRABLE INITIALLY DEFERRED
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surveys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text,
	"cover_image_url" text,
	"survey_type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"start_date" date,
	"end_date" date,
	"allowed_grades" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"module_id" integer,
	"subject_id" integer,
	"is_template" boolean DEFAULT false NOT NULL,
	"auto_calculate" boolean DEFAULT false NOT NULL,
	"template_id" integer,
	"created_by" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surveys_type_ck" CHECK ("surveys"."survey_type" in ('GENERAL', 'SUBJECT_SPECIFIC')),
	CONSTRAINT "surveys_status_ck" CHECK ("surveys"."status" in ('draft', 'active', 'closed')),
	CONSTRAINT "surveys_subject_ck" CHECK (("surveys"."survey_type" = 'SUBJECT_SPECIFIC' and ("surveys"."subject_id" is not null or "surveys"."is_template")) or ("surveys"."survey_type" = 'GENERAL' and "surveys"."subject_id" is null)),
	CONSTRAINT "surveys_template_ck" CHECK ("surveys"."is_template" = ("surveys"."module_id" is null) and (not "surveys"."is_template" or "surveys"."status" = 'draft')),
	CONSTRAINT "surveys_dates_ck" CHECK ("surveys"."status" = 'draft' or ("surveys"."start_date" is not null and "surveys"."end_date" is not null)),
	CONSTRAINT "surveys_date_order_ck" CHECK ("surveys"."start_date" is null or "surveys"."end_date" is null or "surveys"."start_date" <= "surveys"."end_date"),
	CONSTRAINT "surveys_grades_ck" CHECK ("surveys"."allowed_grades" <@ '{10,11,12}'::integer[])
);
--> statement-breakpoint
ALTER TABLE "response_detail_codes" ADD CONSTRAINT "response_detail_codes_response_detail_id_response_details_id_fk" FOREIGN KEY ("response_detail_id") REFERENCES "public"."response_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_detail_codes" ADD CONSTRAINT "response_detail_codes_code_id_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_detail_codes" ADD CONSTRAINT "response_detail_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_details" ADD CONSTRAINT "response_details_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_details" ADD CONSTRAINT "response_details_question_id_survey_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."survey_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_details" ADD CONSTRAINT "response_details_grid_column_id_grid_columns_id_fk" FOREIGN KEY ("grid_column_id") REFERENCES "public"."grid_columns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_review_history" ADD CONSTRAINT "response_review_history_review_id_response_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."response_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_review_history" ADD CONSTRAINT "response_review_history_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_reviews" ADD CONSTRAINT "response_reviews_response_detail_id_response_details_id_fk" FOREIGN KEY ("response_detail_id") REFERENCES "public"."response_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_reviews" ADD CONSTRAINT "response_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_course_class_id_course_classes_id_fk" FOREIGN KEY ("course_class_id") REFERENCES "public"."course_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_homeroom_class_id_homeroom_classes_id_fk" FOREIGN KEY ("homeroom_class_id") REFERENCES "public"."homeroom_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_codes" ADD CONSTRAINT "theme_codes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_codes" ADD CONSTRAINT "theme_codes_code_id_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_columns" ADD CONSTRAINT "grid_columns_group_id_grid_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."grid_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_groups" ADD CONSTRAINT "grid_groups_section_id_survey_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."survey_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_configs" ADD CONSTRAINT "score_configs_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_configs" ADD CONSTRAINT "score_configs_question_id_survey_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."survey_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_section_id_survey_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."survey_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_source_question_id_survey_questions_id_fk" FOREIGN KEY ("source_question_id") REFERENCES "public"."survey_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_grid_group_fk" FOREIGN KEY ("grid_group_id","section_id") REFERENCES "public"."grid_groups"("id","section_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_results" ADD CONSTRAINT "survey_results_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_results" ADD CONSTRAINT "survey_results_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_sections" ADD CONSTRAINT "survey_sections_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_template_id_surveys_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."surveys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "codes_name_uq" ON "codes" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "response_detail_codes_detail_code_uq" ON "response_detail_codes" USING btree ("response_detail_id","code_id");--> statement-breakpoint
CREATE INDEX "response_detail_codes_code_idx" ON "response_detail_codes" USING btree ("code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "response_details_question_uq" ON "response_details" USING btree ("response_id","question_id");--> statement-breakpoint
CREATE INDEX "response_details_question_idx" ON "response_details" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "response_details_grid_column_idx" ON "response_details" USING btree ("grid_column_id");--> statement-breakpoint
CREATE INDEX "response_review_history_review_idx" ON "response_review_history" USING btree ("review_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "response_reviews_detail_uq" ON "response_reviews" USING btree ("response_detail_id");--> statement-breakpoint
CREATE INDEX "response_reviews_status_idx" ON "response_reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "survey_responses_student_idx" ON "survey_responses" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "survey_responses_course_class_idx" ON "survey_responses" USING btree ("course_class_id");--> statement-breakpoint
CREATE INDEX "survey_responses_submitted_idx" ON "survey_responses" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "survey_responses_teachers_idx" ON "survey_responses" USING gin ("teacher_ids");--> statement-breakpoint
CREATE INDEX "theme_codes_code_idx" ON "theme_codes" USING btree ("code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "themes_name_uq" ON "themes" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "grid_groups_section_idx" ON "grid_groups" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "score_configs_question_idx" ON "score_configs" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "survey_questions_grid_group_idx" ON "survey_questions" USING btree ("grid_group_id");--> statement-breakpoint
CREATE INDEX "survey_questions_source_idx" ON "survey_questions" USING btree ("source_question_id");--> statement-breakpoint
CREATE INDEX "survey_results_module_idx" ON "survey_results" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "surveys_module_status_idx" ON "surveys" USING btree ("module_id","status");--> statement-breakpoint
CREATE INDEX "surveys_status_end_idx" ON "surveys" USING btree ("status","end_date");--> statement-breakpoint
CREATE INDEX "surveys_subject_idx" ON "surveys" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "surveys_template_idx" ON "surveys" USING btree ("template_id");