CREATE TABLE "loan_contact_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"note" text NOT NULL,
	"promised_on" date,
	"promised_paise" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_contact_notes" ADD CONSTRAINT "loan_contact_notes_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_contact_notes" ADD CONSTRAINT "loan_contact_notes_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_contact_notes_loan_idx" ON "loan_contact_notes" USING btree ("loan_id","created_at");