CREATE TABLE "declaration_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "declaration_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"declaration_id" integer NOT NULL,
	"line_id" integer,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "declaration_attachments_mime_ck" CHECK ("declaration_attachments"."mime_type" in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "declaration_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "declaration_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"declaration_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"department_id" integer,
	"period_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"comment" text,
	"changes" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declaration_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "declaration_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"declaration_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"periods" numeric(10, 2) DEFAULT '0' NOT NULL,
	"module_id" integer,
	"course_class_id" integer,
	"activity_code" text,
	"duty_code" text,
	"weeks" integer,
	"on_date" date,
	"until_date" date,
	"for_teacher_id" integer,
	"tutoring_group_id" integer,
	"source" text DEFAULT 'manual' NOT NULL,
	"note" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "declaration_lines_kind_ck" CHECK ("declaration_lines"."kind" in ('class', 'substitution', 'activity', 'leave', 'duty')),
	CONSTRAINT "declaration_lines_source_ck" CHECK ("declaration_lines"."source" in ('timetable', 'plan', 'tutoring', 'duty', 'manual')),
	CONSTRAINT "declaration_lines_periods_ck" CHECK ("declaration_lines"."periods" >= 0)
);
--> statement-breakpoint
CREATE TABLE "declaration_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "declaration_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"semester_id" integer NOT NULL,
	"weeks" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"review_by" date,
	"holidays" date[] DEFAULT '{}'::date[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "declaration_periods_window_ck" CHECK ("declaration_periods"."closes_at" > "declaration_periods"."opens_at"),
	CONSTRAINT "declaration_periods_weeks_ck" CHECK ("declaration_periods"."weeks" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "declarations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "declarations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"period_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"totals" jsonb,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"locked_at" timestamp with time zone,
	"locked_by" integer,
	"last_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "declarations_status_ck" CHECK ("declarations"."status" in ('draft', 'submitted', 'returned', 'approved', 'confirmed', 'locked'))
);
--> statement-breakpoint
CREATE TABLE "teacher_duties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teacher_duties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"teacher_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"code" text NOT NULL,
	"note" text,
	"starts_on" date,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_duties_dates_ck" CHECK ("teacher_duties"."ends_on" is null or "teacher_duties"."starts_on" is null or "teacher_duties"."ends_on" >= "teacher_duties"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "workload_rule_sets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workload_rule_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"effective_from" date NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutoring_attendance" (
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	CONSTRAINT "tutoring_attendance_session_id_student_id_pk" PRIMARY KEY("session_id","student_id"),
	CONSTRAINT "tutoring_attendance_status_ck" CHECK ("tutoring_attendance"."status" in ('present', 'late', 'excused', 'absent'))
);
--> statement-breakpoint
CREATE TABLE "tutoring_group_students" (
	"group_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "tutoring_group_students_group_id_student_id_pk" PRIMARY KEY("group_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "tutoring_group_teachers" (
	"group_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	CONSTRAINT "tutoring_group_teachers_group_id_teacher_id_pk" PRIMARY KEY("group_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "tutoring_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tutoring_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"campus_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutoring_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tutoring_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"on_date" date NOT NULL,
	"period" integer NOT NULL,
	"length" integer DEFAULT 1 NOT NULL,
	"classroom_id" integer,
	"teacher_id" integer NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutoring_sessions_status_ck" CHECK ("tutoring_sessions"."status" in ('planned', 'taught', 'cancelled')),
	CONSTRAINT "tutoring_sessions_periods_ck" CHECK ("tutoring_sessions"."period" >= 1 and "tutoring_sessions"."length" between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "position" text DEFAULT 'TEACHER' NOT NULL;--> statement-breakpoint
ALTER TABLE "declaration_attachments" ADD CONSTRAINT "declaration_attachments_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_attachments" ADD CONSTRAINT "declaration_attachments_line_id_declaration_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."declaration_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_attachments" ADD CONSTRAINT "declaration_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_history" ADD CONSTRAINT "declaration_history_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_history" ADD CONSTRAINT "declaration_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_lines" ADD CONSTRAINT "declaration_lines_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_lines" ADD CONSTRAINT "declaration_lines_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_lines" ADD CONSTRAINT "declaration_lines_course_class_id_course_classes_id_fk" FOREIGN KEY ("course_class_id") REFERENCES "public"."course_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_lines" ADD CONSTRAINT "declaration_lines_for_teacher_id_teachers_id_fk" FOREIGN KEY ("for_teacher_id") REFERENCES "public"."teachers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_lines" ADD CONSTRAINT "declaration_lines_tutoring_group_id_tutoring_groups_id_fk" FOREIGN KEY ("tutoring_group_id") REFERENCES "public"."tutoring_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_periods" ADD CONSTRAINT "declaration_periods_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_period_id_declaration_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."declaration_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_duties" ADD CONSTRAINT "teacher_duties_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_duties" ADD CONSTRAINT "teacher_duties_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_attendance" ADD CONSTRAINT "tutoring_attendance_session_id_tutoring_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."tutoring_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_attendance" ADD CONSTRAINT "tutoring_attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_group_students" ADD CONSTRAINT "tutoring_group_students_group_id_tutoring_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."tutoring_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_group_students" ADD CONSTRAINT "tutoring_group_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_group_teachers" ADD CONSTRAINT "tutoring_group_teachers_group_id_tutoring_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."tutoring_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_group_teachers" ADD CONSTRAINT "tutoring_group_teachers_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_groups" ADD CONSTRAINT "tutoring_groups_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_groups" ADD CONSTRAINT "tutoring_groups_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_groups" ADD CONSTRAINT "tutoring_groups_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_group_id_tutoring_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."tutoring_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "declaration_attachments_declaration_idx" ON "declaration_attachments" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "declaration_history_declaration_idx" ON "declaration_history" USING btree ("declaration_id","id");--> statement-breakpoint
CREATE INDEX "declaration_history_at_idx" ON "declaration_history" USING btree ("at");--> statement-breakpoint
CREATE INDEX "declaration_history_teacher_idx" ON "declaration_history" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "declaration_lines_declaration_idx" ON "declaration_lines" USING btree ("declaration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "declaration_periods_semester_uq" ON "declaration_periods" USING btree ("semester_id");--> statement-breakpoint
CREATE UNIQUE INDEX "declarations_period_teacher_uq" ON "declarations" USING btree ("period_id","teacher_id");--> statement-breakpoint
CREATE INDEX "declarations_teacher_idx" ON "declarations" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_duties_uq" ON "teacher_duties" USING btree ("teacher_id","academic_year_id","code");--> statement-breakpoint
CREATE INDEX "teacher_duties_year_idx" ON "teacher_duties" USING btree ("academic_year_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workload_rule_sets_from_uq" ON "workload_rule_sets" USING btree ("effective_from");--> statement-breakpoint
CREATE INDEX "tutoring_group_students_student_idx" ON "tutoring_group_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "tutoring_group_teachers_teacher_idx" ON "tutoring_group_teachers" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tutoring_groups_semester_name_uq" ON "tutoring_groups" USING btree ("semester_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tutoring_sessions_group_idx" ON "tutoring_sessions" USING btree ("group_id","on_date");--> statement-breakpoint
CREATE INDEX "tutoring_sessions_teacher_idx" ON "tutoring_sessions" USING btree ("teacher_id","on_date");--> statement-breakpoint
CREATE INDEX "tutoring_sessions_date_idx" ON "tutoring_sessions" USING btree ("on_date");--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_position_ck" CHECK ("teachers"."position" in ('TEACHER', 'PRINCIPAL', 'VICE_PRINCIPAL'));