CREATE TABLE "collection_reversals" (
	"id" bigint PRIMARY KEY DEFAULT nextval('collections_id_seq') NOT NULL,
	"collection_id" bigint NOT NULL,
	"loan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"excess_paise" integer NOT NULL,
	"charges_paise" integer NOT NULL,
	"interest_paise" integer NOT NULL,
	"principal_paise" integer NOT NULL,
	"value_date" date NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"collection_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"dispute_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" text NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "written_off_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "penal_threshold_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_reversals" ADD CONSTRAINT "collection_reversals_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_reversals" ADD CONSTRAINT "collection_reversals_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_reversals_provider_reference_idx" ON "collection_reversals" USING btree ("provider","kind","provider_reference");--> statement-breakpoint
CREATE INDEX "collection_reversals_loan_idx" ON "collection_reversals" USING btree ("loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_disputes_provider_dispute_idx" ON "payment_disputes" USING btree ("provider","dispute_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_loan_idx" ON "payment_disputes" USING btree ("loan_id");--> statement-breakpoint
-- A loan keeps only its newest open order; the older ones are replaced (a late payment on one is still credited).
UPDATE "payment_orders" o SET "status" = 'replaced', "updated_at" = now() WHERE o."status" = 'created' AND EXISTS (SELECT 1 FROM "payment_orders" n WHERE n."loan_id" = o."loan_id" AND n."status" = 'created' AND (n."created_at", n."id") > (o."created_at", o."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_one_open_per_loan_idx" ON "payment_orders" USING btree ("loan_id") WHERE status = 'created';