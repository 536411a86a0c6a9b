CREATE TABLE "pay_run_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_run_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_run_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_run_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"staff_code" text NOT NULL,
	"full_name" text NOT NULL,
	"department_id" integer,
	"department_name" text,
	"rank" text NOT NULL,
	"step" integer NOT NULL,
	"coefficient" numeric(6, 2) NOT NULL,
	"monthly_salary" bigint NOT NULL,
	"yearly_salary" bigint NOT NULL,
	"yearly_norm" numeric(12, 4) NOT NULL,
	"counted" numeric(12, 4) NOT NULL,
	"norm" numeric(12, 4) NOT NULL,
	"overtime" numeric(12, 4) NOT NULL,
	"overtime_paid" numeric(12, 4) NOT NULL,
	"capped" boolean NOT NULL,
	"period_pay" bigint NOT NULL,
	"overtime_period_pay" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"previously_paid" bigint DEFAULT 0 NOT NULL,
	"due" bigint NOT NULL,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"academic_year_id" integer NOT NULL,
	"semester_id" integer,
	"adjusts_run_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"inputs" jsonb NOT NULL,
	"blockers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"proceed_without_blocked" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"paid_at" timestamp with time zone,
	"paid_by" integer,
	"last_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_runs_kind_ck" CHECK ("pay_runs"."kind" in ('year', 'semester', 'adjustment')),
	CONSTRAINT "pay_runs_status_ck" CHECK ("pay_runs"."status" in ('draft', 'submitted', 'approved', 'paid')),
	CONSTRAINT "pay_runs_scope_ck" CHECK (("pay_runs"."kind" = 'semester') = ("pay_runs"."semester_id" is not null) or "pay_runs"."kind" = 'adjustment'),
	CONSTRAINT "pay_runs_adjusts_ck" CHECK (("pay_runs"."kind" = 'adjustment') = ("pay_runs"."adjusts_run_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "pay_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"effective_from" date NOT NULL,
	"base_salary" bigint NOT NULL,
	"overtime_rate_percent" integer NOT NULL,
	"counted_allowances" jsonb NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_settings_base_ck" CHECK ("pay_settings"."base_salary" > 0),
	CONSTRAINT "pay_settings_rate_ck" CHECK ("pay_settings"."overtime_rate_percent" between 100 and 400)
);
--> statement-breakpoint
CREATE TABLE "teacher_coefficients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teacher_coefficients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"teacher_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"rank" text NOT NULL,
	"step" integer NOT NULL,
	"coefficient" numeric(6, 2) NOT NULL,
	"leadership_coefficient" numeric(6, 2) DEFAULT '0' NOT NULL,
	"preferential_percent" numeric(5, 2) NOT NULL,
	"seniority_percent" numeric(5, 2),
	"service_start_date" date,
	"other_coefficient" numeric(6, 2) DEFAULT '0' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_coefficients_rank_ck" CHECK ("teacher_coefficients"."rank" in ('I', 'II', 'III')),
	CONSTRAINT "teacher_coefficients_step_ck" CHECK ("teacher_coefficients"."step" between 1 and 20),
	CONSTRAINT "teacher_coefficients_values_ck" CHECK ("teacher_coefficients"."coefficient" > 0 and "teacher_coefficients"."leadership_coefficient" >= 0 and "teacher_coefficients"."other_coefficient" >= 0
      and "teacher_coefficients"."preferential_percent" between 0 and 100 and ("teacher_coefficients"."seniority_percent" is null or "teacher_coefficients"."seniority_percent" between 0 and 100))
);
--> statement-breakpoint
ALTER TABLE "pay_run_history" ADD CONSTRAINT "pay_run_history_run_id_pay_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."pay_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_history" ADD CONSTRAINT "pay_run_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_run_id_pay_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."pay_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_adjusts_run_id_pay_runs_id_fk" FOREIGN KEY ("adjusts_run_id") REFERENCES "public"."pay_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_coefficients" ADD CONSTRAINT "teacher_coefficients_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_run_history_run_idx" ON "pay_run_history" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_run_lines_run_teacher_uq" ON "pay_run_lines" USING btree ("run_id","teacher_id");--> statement-breakpoint
CREATE INDEX "pay_run_lines_teacher_idx" ON "pay_run_lines" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_runs_year_uq" ON "pay_runs" USING btree ("academic_year_id") WHERE "pay_runs"."kind" = 'year';--> statement-breakpoint
CREATE UNIQUE INDEX "pay_runs_semester_uq" ON "pay_runs" USING btree ("semester_id") WHERE "pay_runs"."kind" = 'semester';--> statement-breakpoint
CREATE INDEX "pay_runs_year_idx" ON "pay_runs" USING btree ("academic_year_id");--> statement-breakpoint
CREATE INDEX "pay_runs_status_idx" ON "pay_runs" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_settings_from_uq" ON "pay_settings" USING btree ("effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_coefficients_teacher_from_uq" ON "teacher_coefficients" USING btree ("teacher_id","effective_from");