CREATE TABLE "bill_imports" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bill_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"result_file_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_imports_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "bill_imports_status_check" CHECK ("bill_imports"."status" in ('LOADED', 'REFUSED'))
);
--> statement-breakpoint
CREATE TABLE "money_events" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "money_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"store_id" bigint NOT NULL,
	"source" text NOT NULL,
	"source_line_id" text NOT NULL,
	"import_id" bigint,
	"order_no" text,
	"sub_order_no" text,
	"after_sale_no" text,
	"event_type" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"occurred_at" timestamp with time zone,
	"settled_at" timestamp with time zone NOT NULL,
	"bill_status" text DEFAULT 'TO_BE_RECORD' NOT NULL,
	"recorded_at" timestamp with time zone,
	"recorded_by" bigint,
	"raw" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_events_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "money_events_bill_status_check" CHECK ("money_events"."bill_status" in ('TO_BE_RECORD', 'RECORDED')),
	CONSTRAINT "money_events_event_type_check" CHECK ("money_events"."event_type" in ('sale', 'refund', 'adjustment') or "money_events"."event_type" ~ '^(fee|subsidy):[a-z_]+$')
);
--> statement-breakpoint
CREATE TABLE "reconciliations" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reconciliations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"erp_order_id" bigint,
	"erp_order_code" text,
	"period" text NOT NULL,
	"shipped_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"expected_fen" bigint DEFAULT 0 NOT NULL,
	"income_fen" bigint DEFAULT 0 NOT NULL,
	"expense_fen" bigint DEFAULT 0 NOT NULL,
	"received_fen" bigint DEFAULT 0 NOT NULL,
	"difference_fen" bigint DEFAULT 0 NOT NULL,
	"commission_fen" bigint DEFAULT 0 NOT NULL,
	"service_fee_fen" bigint DEFAULT 0 NOT NULL,
	"subsidy_fen" bigint DEFAULT 0 NOT NULL,
	"late_refund_fen" bigint DEFAULT 0 NOT NULL,
	"freight_fen" bigint DEFAULT 0 NOT NULL,
	"pending_refund_fen" bigint DEFAULT 0 NOT NULL,
	"unknown_fen" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"last_event_id" bigint,
	"status" text NOT NULL,
	"computed_status" text NOT NULL,
	"manual_reason" text,
	"manual_by" bigint,
	"manual_at" timestamp with time zone,
	"manual_event_id" bigint,
	"reopened_at" timestamp with time zone,
	"reconciled_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliations_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "reconciliations_status_check" CHECK ("reconciliations"."status" in ('TODO', 'SUCCESS', 'FAILURE', 'MISSING_ORDER', 'PARTIAL', 'MANUAL_SUCCESS')),
	CONSTRAINT "reconciliations_manual_reason_check" CHECK ("reconciliations"."status" <> 'MANUAL_SUCCESS' or ("reconciliations"."manual_reason" is not null and "reconciliations"."manual_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "bill_imports" ADD CONSTRAINT "bill_imports_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD CONSTRAINT "bill_imports_result_file_id_stored_files_id_fk" FOREIGN KEY ("result_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD CONSTRAINT "bill_imports_store_id_fk" FOREIGN KEY ("domain_id","store_id") REFERENCES "public"."stores"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_store_id_fk" FOREIGN KEY ("domain_id","store_id") REFERENCES "public"."stores"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_store_id_fk" FOREIGN KEY ("domain_id","store_id") REFERENCES "public"."stores"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_imports_domain_idx" ON "bill_imports" USING btree ("domain_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "money_events_line_key" ON "money_events" USING btree ("domain_id","store_id","source","source_line_id");--> statement-breakpoint
CREATE INDEX "money_events_order_idx" ON "money_events" USING btree ("domain_id","store_id","order_no");--> statement-breakpoint
CREATE INDEX "money_events_settled_idx" ON "money_events" USING btree ("domain_id","settled_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliations_order_key" ON "reconciliations" USING btree ("domain_id","store_id","order_no");--> statement-breakpoint
CREATE INDEX "reconciliations_status_idx" ON "reconciliations" USING btree ("domain_id","status","period");--> statement-breakpoint
CREATE INDEX "reconciliations_period_idx" ON "reconciliations" USING btree ("domain_id","period","store_id");