DROP INDEX "registrations_round_class_idx";--> statement-breakpoint
CREATE INDEX "registrations_class_round_idx" ON "registrations" USING btree ("course_class_id","round_id","status","id");