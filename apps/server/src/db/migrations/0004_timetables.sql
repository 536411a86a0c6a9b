CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"timetable_id" integer NOT NULL,
	"course_class_id" integer NOT NULL,
	"day" integer,
	"period" integer,
	"length" integer DEFAULT 1 NOT NULL,
	"classroom_id" integer,
	"locked" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_length_ck" CHECK ("lessons"."length" in (1, 2)),
	CONSTRAINT "lessons_placed_ck" CHECK (("lessons"."day" is null) = ("lessons"."period" is null))
);
--> statement-breakpoint
CREATE TABLE "period_grids" (
	"campus_id" integer PRIMARY KEY NOT NULL,
	"days" integer[] NOT NULL,
	"periods" jsonb NOT NULL,
	"max_periods_per_day" integer DEFAULT 7 NOT NULL,
	"fixed_events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_period_plans" (
	"subject_id" integer NOT NULL,
	"grade" integer NOT NULL,
	"periods_per_week" integer NOT NULL,
	"double_periods" boolean DEFAULT false NOT NULL,
	"room_kind" text DEFAULT 'standard' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subject_period_plans_subject_id_grade_pk" PRIMARY KEY("subject_id","grade"),
	CONSTRAINT "subject_period_plans_grade_ck" CHECK ("subject_period_plans"."grade" in (10, 11, 12)),
	CONSTRAINT "subject_period_plans_ppw_ck" CHECK ("subject_period_plans"."periods_per_week" between 0 and 20)
);
--> statement-breakpoint
CREATE TABLE "teacher_timetable_preferences" (
	"teacher_id" integer PRIMARY KEY NOT NULL,
	"preferred_days" integer[] DEFAULT '{}'::int[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_unavailability" (
	"teacher_id" integer NOT NULL,
	"day" integer NOT NULL,
	"period" integer NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_unavailability_teacher_id_day_period_pk" PRIMARY KEY("teacher_id","day","period"),
	CONSTRAINT "teacher_unavailability_status_ck" CHECK ("teacher_unavailability"."status" in ('approved', 'pending'))
);
--> statement-breakpoint
CREATE TABLE "timetables" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timetables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"module_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"effective_from" date,
	"based_on_id" integer,
	"published_at" timestamp with time zone,
	"published_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetables_status_ck" CHECK ("timetables"."status" in ('draft', 'published', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "course_classes" ADD COLUMN "periods_per_week" integer;--> statement-breakpoint
ALTER TABLE "course_classes" ADD COLUMN "double_periods" boolean;--> statement-breakpoint
ALTER TABLE "course_classes" ADD COLUMN "room_kind" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_timetable_id_timetables_id_fk" FOREIGN KEY ("timetable_id") REFERENCES "public"."timetables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_class_id_course_classes_id_fk" FOREIGN KEY ("course_class_id") REFERENCES "public"."course_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_grids" ADD CONSTRAINT "period_grids_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_period_plans" ADD CONSTRAINT "subject_period_plans_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_timetable_preferences" ADD CONSTRAINT "teacher_timetable_preferences_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_unavailability" ADD CONSTRAINT "teacher_unavailability_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_unavailability" ADD CONSTRAINT "teacher_unavailability_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_timetable_idx" ON "lessons" USING btree ("timetable_id");--> statement-breakpoint
CREATE INDEX "lessons_course_class_idx" ON "lessons" USING btree ("course_class_id");--> statement-breakpoint
CREATE INDEX "timetables_module_idx" ON "timetables" USING btree ("module_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "timetables_published_from_uq" ON "timetables" USING btree ("module_id","effective_from") WHERE "timetables"."status" = 'published';