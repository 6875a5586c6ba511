CREATE TABLE "mail_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "loan_messages" ADD COLUMN "mail_queue_id" bigint;--> statement-breakpoint
CREATE INDEX "mail_queue_pick_idx" ON "mail_queue" USING btree ("next_attempt_at") WHERE "mail_queue"."status" in ('queued', 'sending');--> statement-breakpoint
ALTER TABLE "loan_messages" ADD CONSTRAINT "loan_messages_mail_queue_id_mail_queue_id_fk" FOREIGN KEY ("mail_queue_id") REFERENCES "public"."mail_queue"("id") ON DELETE no action ON UPDATE no action;