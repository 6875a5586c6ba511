DROP INDEX "leads_one_open_per_customer_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "approved_version" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sent_back_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sent_back_at" timestamp with time zone;--> statement-breakpoint
-- The states of src/server/application/lifecycle.ts for applications made before it: a completed one is
-- submitted; an approved one whose current statement the customer accepted is accepted.
UPDATE "leads" SET "status" = 'submitted', "submitted_at" = "created_at" WHERE "status" = 'applied' AND "next_step" = 'completed';--> statement-breakpoint
UPDATE "leads" SET "status" = 'accepted' FROM "key_fact_statements" k WHERE "leads"."status" = 'approved' AND k."id" = "leads"."kfs_id" AND k."acknowledged_at" IS NOT NULL AND k."superseded_at" IS NULL;--> statement-breakpoint
UPDATE "leads" SET "approved_version" = "version" WHERE "approved_amount_paise" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_one_open_per_customer_idx" ON "leads" USING btree ("customer_id") WHERE status in ('applied', 'submitted', 'sent_back', 'approved', 'accepted');