CREATE TABLE "rma_code_counters" (
	"domain_id" bigint NOT NULL,
	"day" date NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rma_details" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rma_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"rma_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"erp_order_line_id" bigint,
	"sku_id" bigint NOT NULL,
	"qty" integer NOT NULL,
	"received_qty" integer DEFAULT 0 NOT NULL,
	"good_qty" integer DEFAULT 0 NOT NULL,
	"defective_qty" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rma_details_qty_positive" CHECK ("rma_details"."qty" > 0),
	CONSTRAINT "rma_details_received_within_expected" CHECK ("rma_details"."received_qty" >= 0 and "rma_details"."received_qty" <= "rma_details"."qty" and "rma_details"."received_qty" = "rma_details"."good_qty" + "rma_details"."defective_qty")
);
--> statement-breakpoint
CREATE TABLE "rma_headers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rma_headers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"source" text NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"erp_order_id" bigint,
	"status" text NOT NULL,
	"send_status" text DEFAULT 'NONE' NOT NULL,
	"cancel_status" text DEFAULT 'NONE' NOT NULL,
	"reason_id" bigint,
	"express_company_code" text,
	"express_no" text,
	"buyer_nick" text,
	"receiver_name" text,
	"receiver_phone" text,
	"receiver_province" text,
	"receiver_city" text,
	"receiver_county" text,
	"remark" text,
	"qty_total" integer DEFAULT 0 NOT NULL,
	"received_qty_total" integer DEFAULT 0 NOT NULL,
	"good_qty_total" integer DEFAULT 0 NOT NULL,
	"defective_qty_total" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rma_headers_received_within_expected" CHECK ("rma_headers"."received_qty_total" >= 0 and "rma_headers"."received_qty_total" <= "rma_headers"."qty_total")
);
--> statement-breakpoint
CREATE TABLE "rma_order_line_returns" (
	"domain_id" bigint NOT NULL,
	"erp_order_line_id" bigint NOT NULL,
	"shipped_qty" integer NOT NULL,
	"returned_qty" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rma_order_line_returns_within_shipped" CHECK ("rma_order_line_returns"."returned_qty" >= 0 and "rma_order_line_returns"."returned_qty" <= "rma_order_line_returns"."shipped_qty")
);
--> statement-breakpoint
CREATE TABLE "rma_reasons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rma_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rma_receipt_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rma_receipt_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"receipt_id" bigint NOT NULL,
	"rma_detail_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"quality" text NOT NULL,
	"location_id" bigint DEFAULT 0 NOT NULL,
	"qty" integer NOT NULL,
	"unit_cost" numeric(18, 4),
	CONSTRAINT "rma_receipt_lines_qty_positive" CHECK ("rma_receipt_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "rma_receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rma_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"rma_id" bigint NOT NULL,
	"receipt_key" text NOT NULL,
	"qty_total" integer NOT NULL,
	"received_by" bigint,
	"received_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "warehouse_locations" ADD COLUMN "sellable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "unit_cost" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "source_line_id" bigint;--> statement-breakpoint
ALTER TABLE "rma_code_counters" ADD CONSTRAINT "rma_code_counters_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_details" ADD CONSTRAINT "rma_details_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_details" ADD CONSTRAINT "rma_details_rma_id_rma_headers_id_fk" FOREIGN KEY ("rma_id") REFERENCES "public"."rma_headers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_details" ADD CONSTRAINT "rma_details_erp_order_line_id_erp_order_lines_id_fk" FOREIGN KEY ("erp_order_line_id") REFERENCES "public"."erp_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_details" ADD CONSTRAINT "rma_details_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_headers" ADD CONSTRAINT "rma_headers_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_headers" ADD CONSTRAINT "rma_headers_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_headers" ADD CONSTRAINT "rma_headers_erp_order_id_erp_orders_id_fk" FOREIGN KEY ("erp_order_id") REFERENCES "public"."erp_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_headers" ADD CONSTRAINT "rma_headers_reason_id_rma_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."rma_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_order_line_returns" ADD CONSTRAINT "rma_order_line_returns_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_order_line_returns" ADD CONSTRAINT "rma_order_line_returns_erp_order_line_id_erp_order_lines_id_fk" FOREIGN KEY ("erp_order_line_id") REFERENCES "public"."erp_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_reasons" ADD CONSTRAINT "rma_reasons_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_receipt_lines" ADD CONSTRAINT "rma_receipt_lines_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_receipt_lines" ADD CONSTRAINT "rma_receipt_lines_receipt_id_rma_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."rma_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_receipt_lines" ADD CONSTRAINT "rma_receipt_lines_rma_detail_id_rma_details_id_fk" FOREIGN KEY ("rma_detail_id") REFERENCES "public"."rma_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_receipts" ADD CONSTRAINT "rma_receipts_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_receipts" ADD CONSTRAINT "rma_receipts_rma_id_rma_headers_id_fk" FOREIGN KEY ("rma_id") REFERENCES "public"."rma_headers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rma_code_counters_key" ON "rma_code_counters" USING btree ("domain_id","day");--> statement-breakpoint
CREATE INDEX "rma_details_rma_idx" ON "rma_details" USING btree ("domain_id","rma_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "rma_headers_domain_code_key" ON "rma_headers" USING btree ("domain_id","code");--> statement-breakpoint
CREATE INDEX "rma_headers_domain_time_idx" ON "rma_headers" USING btree ("domain_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rma_headers_domain_status_idx" ON "rma_headers" USING btree ("domain_id","status","id");--> statement-breakpoint
CREATE INDEX "rma_headers_domain_order_idx" ON "rma_headers" USING btree ("domain_id","erp_order_id");--> statement-breakpoint
CREATE INDEX "rma_headers_domain_express_idx" ON "rma_headers" USING btree ("domain_id","express_no");--> statement-breakpoint
CREATE UNIQUE INDEX "rma_order_line_returns_key" ON "rma_order_line_returns" USING btree ("domain_id","erp_order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rma_reasons_domain_reason_key" ON "rma_reasons" USING btree ("domain_id","reason");--> statement-breakpoint
CREATE UNIQUE INDEX "rma_receipt_lines_key" ON "rma_receipt_lines" USING btree ("domain_id","receipt_id","rma_detail_id","quality");--> statement-breakpoint
CREATE UNIQUE INDEX "rma_receipts_key" ON "rma_receipts" USING btree ("domain_id","rma_id","receipt_key");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_ledger_source_line_key" ON "stock_ledger" USING btree ("domain_id","doc_type","source_line_id") WHERE source_line_id is not null;