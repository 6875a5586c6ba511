CREATE TABLE "bank_account_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" bigint NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"reference" text,
	"account_ifsc" text NOT NULL,
	"account_number" text NOT NULL,
	"name_given" text NOT NULL,
	"name_at_bank" text,
	"pan_name" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"branch" text,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_account_checks" ADD CONSTRAINT "bank_account_checks_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_account_checks" ADD CONSTRAINT "bank_account_checks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_account_checks_lead_idx" ON "bank_account_checks" USING btree ("lead_id","checked_at");