CREATE TABLE "consent_texts" (
	"version" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text_version" text NOT NULL,
	"reference" text,
	"given_at" timestamp with time zone NOT NULL,
	"address" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" bigint
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"consent_kind" text,
	"note" text DEFAULT '' NOT NULL,
	"kept" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"address" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_customer_idx" ON "consents" USING btree ("customer_id","given_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_customer_idx" ON "privacy_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_one_open_deletion_idx" ON "privacy_requests" USING btree ("customer_id") WHERE kind = 'delete_data' and status = 'received';