ALTER TABLE "privacy_requests" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD COLUMN "outcome_note" text;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD COLUMN "closed_by" text;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD COLUMN "closed_at" timestamp with time zone;