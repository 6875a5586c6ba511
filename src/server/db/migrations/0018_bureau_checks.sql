CREATE TABLE "bureau_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"consent_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"as_of" date NOT NULL,
	"outcome" text NOT NULL,
	"bureau" text,
	"reference" text,
	"score" integer,
	"summary" jsonb,
	"report" jsonb,
	"finding" text,
	"failure" text
);
--> statement-breakpoint
ALTER TABLE "bureau_checks" ADD CONSTRAINT "bureau_checks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bureau_checks" ADD CONSTRAINT "bureau_checks_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bureau_checks_customer_idx" ON "bureau_checks" USING btree ("customer_id","asked_at");