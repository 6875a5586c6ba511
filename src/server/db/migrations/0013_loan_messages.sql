CREATE TABLE "loan_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"about" text NOT NULL,
	"channel" text NOT NULL,
	"collection_id" bigint,
	"status" text DEFAULT 'waiting' NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"amount_paise" integer,
	"sms_queue_id" bigint,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "loan_messages" ADD CONSTRAINT "loan_messages_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_messages" ADD CONSTRAINT "loan_messages_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_messages" ADD CONSTRAINT "loan_messages_sms_queue_id_sms_queue_id_fk" FOREIGN KEY ("sms_queue_id") REFERENCES "public"."sms_queue"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_messages_once_idx" ON "loan_messages" USING btree ("loan_id","kind","about","channel");--> statement-breakpoint
CREATE INDEX "loan_messages_waiting_idx" ON "loan_messages" USING btree ("not_before") WHERE status = 'waiting';