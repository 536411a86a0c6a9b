CREATE TABLE "academic_years" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "academic_years_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "modules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"semester_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "semesters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "semesters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"academic_year_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classrooms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "classrooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campus_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"kind" text DEFAULT 'standard' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classrooms_capacity_ck" CHECK ("classrooms"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "course_class_students" (
	"course_class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_class_students_course_class_id_student_id_pk" PRIMARY KEY("course_class_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "course_class_teachers" (
	"course_class_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	CONSTRAINT "course_class_teachers_course_class_id_teacher_id_pk" PRIMARY KEY("course_class_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "course_classes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_classes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"subject_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"grade" integer NOT NULL,
	"capacity" integer NOT NULL,
	"classroom_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_classes_grade_ck" CHECK ("course_classes"."grade" in (10, 11, 12)),
	CONSTRAINT "course_classes_capacity_ck" CHECK ("course_classes"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "department_heads" (
	"department_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	CONSTRAINT "department_heads_department_id_teacher_id_pk" PRIMARY KEY("department_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "departments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homeroom_classes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "homeroom_classes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"academic_year_id" integer NOT NULL,
	"grade" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"homeroom_teacher_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homeroom_classes_grade_ck" CHECK ("homeroom_classes"."grade" in (10, 11, 12))
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "students_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_code" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text,
	"date_of_birth" date,
	"gender" text DEFAULT 'other' NOT NULL,
	"grade" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"homeroom_class_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"sort_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_grade_ck" CHECK ("students"."grade" in (10, 11, 12)),
	CONSTRAINT "students_gender_ck" CHECK ("students"."gender" in ('male', 'female', 'other')),
	CONSTRAINT "students_status_ck" CHECK ("students"."status" in ('active', 'graduated', 'transferred', 'dropped'))
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"department_id" integer,
	"kind" text DEFAULT 'core' NOT NULL,
	"uses_lms" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subjects_kind_ck" CHECK ("subjects"."kind" in ('core', 'specialised', 'elective'))
);
--> statement-breakpoint
CREATE TABLE "teacher_subjects" (
	"teacher_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "teacher_subjects_teacher_id_subject_id_pk" PRIMARY KEY("teacher_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teachers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"staff_code" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text,
	"department_id" integer,
	"user_id" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"sort_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semesters" ADD CONSTRAINT "semesters_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_class_students" ADD CONSTRAINT "course_class_students_course_class_id_course_classes_id_fk" FOREIGN KEY ("course_class_id") REFERENCES "public"."course_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_class_students" ADD CONSTRAINT "course_class_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_class_teachers" ADD CONSTRAINT "course_class_teachers_course_class_id_course_classes_id_fk" FOREIGN KEY ("course_class_id") REFERENCES "public"."course_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_class_teachers" ADD CONSTRAINT "course_class_teachers_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_classes" ADD CONSTRAINT "course_classes_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_classes" ADD CONSTRAINT "course_classes_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_classes" ADD CONSTRAINT "course_classes_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_classes" ADD CONSTRAINT "course_classes_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_heads" ADD CONSTRAINT "department_heads_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_heads" ADD CONSTRAINT "department_heads_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homeroom_classes" ADD CONSTRAINT "homeroom_classes_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homeroom_classes" ADD CONSTRAINT "homeroom_classes_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homeroom_classes" ADD CONSTRAINT "homeroom_classes_homeroom_teacher_id_teachers_id_fk" FOREIGN KEY ("homeroom_teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_homeroom_class_id_homeroom_classes_id_fk" FOREIGN KEY ("homeroom_class_id") REFERENCES "public"."homeroom_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_subjects" ADD CONSTRAINT "teacher_subjects_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_subjects" ADD CONSTRAINT "teacher_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "academic_years_name_uq" ON "academic_years" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "academic_years_current_uq" ON "academic_years" USING btree ("is_current") WHERE "academic_years"."is_current";--> statement-breakpoint
CREATE UNIQUE INDEX "modules_code_uq" ON "modules" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "modules_current_uq" ON "modules" USING btree ("is_current") WHERE "modules"."is_current";--> statement-breakpoint
CREATE INDEX "modules_semester_idx" ON "modules" USING btree ("semester_id");--> statement-breakpoint
CREATE UNIQUE INDEX "semesters_year_name_uq" ON "semesters" USING btree ("academic_year_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "semesters_current_uq" ON "semesters" USING btree ("is_current") WHERE "semesters"."is_current";--> statement-breakpoint
CREATE UNIQUE INDEX "campuses_code_uq" ON "campuses" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "classrooms_campus_code_uq" ON "classrooms" USING btree ("campus_id",lower("code"));--> statement-breakpoint
CREATE INDEX "course_class_students_student_idx" ON "course_class_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "course_class_teachers_teacher_idx" ON "course_class_teachers" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_classes_module_code_uq" ON "course_classes" USING btree ("module_id",lower("code"));--> statement-breakpoint
CREATE INDEX "course_classes_subject_idx" ON "course_classes" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "course_classes_campus_idx" ON "course_classes" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "department_heads_teacher_idx" ON "department_heads" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_code_uq" ON "departments" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "homeroom_classes_year_name_uq" ON "homeroom_classes" USING btree ("academic_year_id",lower("name"));--> statement-breakpoint
CREATE INDEX "homeroom_classes_teacher_idx" ON "homeroom_classes" USING btree ("homeroom_teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_code_uq" ON "students" USING btree (lower("student_code"));--> statement-breakpoint
CREATE INDEX "students_homeroom_idx" ON "students" USING btree ("homeroom_class_id");--> statement-breakpoint
CREATE INDEX "students_campus_grade_idx" ON "students" USING btree ("campus_id","grade");--> statement-breakpoint
CREATE INDEX "students_sort_idx" ON "students" USING btree ("sort_key");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_code_uq" ON "subjects" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "teacher_subjects_subject_idx" ON "teacher_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_staff_code_uq" ON "teachers" USING btree (lower("staff_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_user_uq" ON "teachers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teachers_department_idx" ON "teachers" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "teachers_sort_idx" ON "teachers" USING btree ("sort_key");