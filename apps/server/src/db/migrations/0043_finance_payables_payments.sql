CREATE TABLE "finance_code_counters" (
	"domain_id" bigint NOT NULL,
	"prefix" text NOT NULL,
	"day" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_code_counters_domain_id_prefix_day_pk" PRIMARY KEY("domain_id","prefix","day")
);
--> statement-breakpoint
CREATE TABLE "finance_payable_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "finance_payable_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"payable_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"payable_item_name" text NOT NULL,
	"sku_id" bigint,
	"bill_detail_id" bigint,
	"purchase_order_id" bigint,
	"purchase_order_line_id" bigint,
	"purchase_return_id" bigint,
	"purchase_return_line_id" bigint,
	"payable_qty" integer NOT NULL,
	"payable_price" numeric(18, 4) NOT NULL,
	"amount_payable" numeric(18, 4) NOT NULL,
	"receive_qty" integer,
	"receive_price" numeric(18, 4),
	"order_price" numeric(18, 4),
	"remark" text,
	"source_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_payable_lines_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "finance_payable_lines_qty_not_zero" CHECK ("finance_payable_lines"."payable_qty" <> 0 and "finance_payable_lines"."payable_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "finance_payables" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "finance_payables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"payable_type" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"payment_status" text DEFAULT 'NOT_PAID' NOT NULL,
	"payable_object_type" text DEFAULT 'SUPPLIER' NOT NULL,
	"supplier_id" bigint NOT NULL,
	"purchase_code" text,
	"purchase_return_id" bigint,
	"amount" numeric(18, 4) DEFAULT '0' NOT NULL,
	"outstanding" numeric(18, 4) DEFAULT '0' NOT NULL,
	"remark" text,
	"reject_reason" text,
	"submitted_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by" bigint,
	"created_by_name" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_payables_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "finance_payables_outstanding_within_amount" CHECK (("finance_payables"."amount" >= 0 and "finance_payables"."outstanding" >= 0 and "finance_payables"."outstanding" <= "finance_payables"."amount") or ("finance_payables"."amount" < 0 and "finance_payables"."outstanding" <= 0 and "finance_payables"."outstanding" >= "finance_payables"."amount"))
);
--> statement-breakpoint
CREATE TABLE "finance_payment_allocations" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "finance_payment_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"payment_id" bigint NOT NULL,
	"payable_id" bigint NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	CONSTRAINT "finance_payment_allocations_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "finance_payment_allocations_not_zero" CHECK ("finance_payment_allocations"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "finance_payments" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "finance_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"payment_type" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"payable_object_type" text DEFAULT 'SUPPLIER' NOT NULL,
	"supplier_id" bigint NOT NULL,
	"payment_mode" text NOT NULL,
	"payment_account" text,
	"collect_bank" text,
	"collect_account" text,
	"paid_time" timestamp with time zone,
	"amount_paid" numeric(18, 4) NOT NULL,
	"other_deduct" numeric(18, 4) DEFAULT '0' NOT NULL,
	"prepaid_deduct" numeric(18, 4) DEFAULT '0' NOT NULL,
	"actual_paid" numeric(18, 4) NOT NULL,
	"prepaid_remaining" numeric(18, 4),
	"remark" text,
	"reject_reason" text,
	"submitted_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by" bigint,
	"created_by_name" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_payments_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "finance_payments_amounts" CHECK ("finance_payments"."other_deduct" >= 0 and "finance_payments"."prepaid_deduct" >= 0 and "finance_payments"."actual_paid" >= 0),
	CONSTRAINT "finance_payments_prepaid_remaining" CHECK ("finance_payments"."prepaid_remaining" is null or ("finance_payments"."prepaid_remaining" >= 0 and "finance_payments"."prepaid_remaining" <= "finance_payments"."amount_paid"))
);
--> statement-breakpoint
CREATE TABLE "finance_prepaid_deductions" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "finance_prepaid_deductions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"payment_id" bigint NOT NULL,
	"prepaid_payment_id" bigint NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	CONSTRAINT "finance_prepaid_deductions_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "finance_prepaid_deductions_positive" CHECK ("finance_prepaid_deductions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "finance_prepaid_ledger" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "finance_prepaid_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"prepaid_payment_id" bigint NOT NULL,
	"payment_id" bigint NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_prepaid_ledger_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
ALTER TABLE "finance_code_counters" ADD CONSTRAINT "finance_code_counters_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payable_lines" ADD CONSTRAINT "finance_payable_lines_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payable_lines" ADD CONSTRAINT "finance_payable_lines_payable_fk" FOREIGN KEY ("domain_id","payable_id") REFERENCES "public"."finance_payables"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payables" ADD CONSTRAINT "finance_payables_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payables" ADD CONSTRAINT "finance_payables_supplier_fk" FOREIGN KEY ("domain_id","supplier_id") REFERENCES "public"."suppliers"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payment_allocations" ADD CONSTRAINT "finance_payment_allocations_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payment_allocations" ADD CONSTRAINT "finance_payment_allocations_payment_fk" FOREIGN KEY ("domain_id","payment_id") REFERENCES "public"."finance_payments"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payment_allocations" ADD CONSTRAINT "finance_payment_allocations_payable_fk" FOREIGN KEY ("domain_id","payable_id") REFERENCES "public"."finance_payables"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payments" ADD CONSTRAINT "finance_payments_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_payments" ADD CONSTRAINT "finance_payments_supplier_fk" FOREIGN KEY ("domain_id","supplier_id") REFERENCES "public"."suppliers"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_prepaid_deductions" ADD CONSTRAINT "finance_prepaid_deductions_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_prepaid_deductions" ADD CONSTRAINT "finance_prepaid_deductions_payment_fk" FOREIGN KEY ("domain_id","payment_id") REFERENCES "public"."finance_payments"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_prepaid_deductions" ADD CONSTRAINT "finance_prepaid_deductions_prepaid_fk" FOREIGN KEY ("domain_id","prepaid_payment_id") REFERENCES "public"."finance_payments"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_prepaid_ledger" ADD CONSTRAINT "finance_prepaid_ledger_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_prepaid_ledger" ADD CONSTRAINT "finance_prepaid_ledger_supplier_fk" FOREIGN KEY ("domain_id","supplier_id") REFERENCES "public"."suppliers"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "finance_payable_lines_source_key" ON "finance_payable_lines" USING btree ("domain_id","source_key");--> statement-breakpoint
CREATE INDEX "finance_payable_lines_payable_idx" ON "finance_payable_lines" USING btree ("domain_id","payable_id","line_no");--> statement-breakpoint
CREATE INDEX "finance_payable_lines_bill_idx" ON "finance_payable_lines" USING btree ("domain_id","bill_detail_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_payables_domain_code_key" ON "finance_payables" USING btree ("domain_id","code");--> statement-breakpoint
CREATE INDEX "finance_payables_domain_time_idx" ON "finance_payables" USING btree ("domain_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "finance_payables_domain_supplier_idx" ON "finance_payables" USING btree ("domain_id","supplier_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_payment_allocations_key" ON "finance_payment_allocations" USING btree ("domain_id","payment_id","payable_id");--> statement-breakpoint
CREATE INDEX "finance_payment_allocations_payable_idx" ON "finance_payment_allocations" USING btree ("domain_id","payable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_payments_domain_code_key" ON "finance_payments" USING btree ("domain_id","code");--> statement-breakpoint
CREATE INDEX "finance_payments_domain_time_idx" ON "finance_payments" USING btree ("domain_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "finance_payments_domain_supplier_idx" ON "finance_payments" USING btree ("domain_id","supplier_id","payment_type","status");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_prepaid_deductions_key" ON "finance_prepaid_deductions" USING btree ("domain_id","payment_id","prepaid_payment_id");--> statement-breakpoint
CREATE INDEX "finance_prepaid_deductions_prepaid_idx" ON "finance_prepaid_deductions" USING btree ("domain_id","prepaid_payment_id");--> statement-breakpoint
CREATE INDEX "finance_prepaid_ledger_supplier_idx" ON "finance_prepaid_ledger" USING btree ("domain_id","supplier_id","id");