CREATE TABLE "registration_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"name" text NOT NULL,
	"choose" integer NOT NULL,
	CONSTRAINT "registration_groups_choose_ck" CHECK ("registration_groups"."choose" >= 1)
);
--> statement-breakpoint
CREATE TABLE "registration_offers" (
	"round_id" integer NOT NULL,
	"course_class_id" integer NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"compulsory" boolean DEFAULT false NOT NULL,
	"group_id" integer,
	CONSTRAINT "registration_offers_round_id_course_class_id_pk" PRIMARY KEY("round_id","course_class_id"),
	CONSTRAINT "registration_offers_taken_ck" CHECK ("registration_offers"."taken" >= 0 and "registration_offers"."taken" <= "registration_offers"."capacity"),
	CONSTRAINT "registration_offers_capacity_ck" CHECK ("registration_offers"."capacity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "registration_requests" (
	"student_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"round_id" integer NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_requests_student_id_request_id_pk" PRIMARY KEY("student_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "registration_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"name" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"grades" integer[] NOT NULL,
	"max_classes" integer,
	"no_clash" boolean DEFAULT true NOT NULL,
	"waitlist" boolean DEFAULT true NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_rounds_window_ck" CHECK ("registration_rounds"."closes_at" > "registration_rounds"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"course_class_id" integer NOT NULL,
	"status" text NOT NULL,
	"via" text DEFAULT 'student' NOT NULL,
	"reason" text,
	"enrolled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_status_ck" CHECK ("registrations"."status" in ('registered', 'waitlisted'))
);
--> statement-breakpoint
ALTER TABLE "registration_groups" ADD CONSTRAINT "registration_groups_round_id_registration_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."registration_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_offers" ADD CONSTRAINT "registration_offers_round_id_registration_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."registration_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_offers" ADD CONSTRAINT "registration_offers_course_class_id_course_classes_id_fk" FOREIGN KEY ("course_class_id") REFERENCES "public"."course_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_offers" ADD CONSTRAINT "registration_offers_group_id_registration_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."registration_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_round_id_registration_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."registration_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_rounds" ADD CONSTRAINT "registration_rounds_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_rounds" ADD CONSTRAINT "registration_rounds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_round_id_registration_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."registration_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_course_class_id_course_classes_id_fk" FOREIGN KEY ("course_class_id") REFERENCES "public"."course_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_groups_round_idx" ON "registration_groups" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "registration_offers_class_idx" ON "registration_offers" USING btree ("course_class_id");--> statement-breakpoint
CREATE INDEX "registration_rounds_module_idx" ON "registration_rounds" USING btree ("module_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_round_student_class_uq" ON "registrations" USING btree ("round_id","student_id","course_class_id");--> statement-breakpoint
CREATE INDEX "registrations_round_class_idx" ON "registrations" USING btree ("round_id","course_class_id","status","id");--> statement-breakpoint
CREATE INDEX "registrations_student_idx" ON "registrations" USING btree ("student_id");