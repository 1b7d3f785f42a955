CREATE TABLE "asn_code_counters" (
	"domain_id" bigint NOT NULL,
	"day" date NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asn_details" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asn_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"asn_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"sku_id" bigint NOT NULL,
	"qty" integer NOT NULL,
	"received_qty" integer DEFAULT 0 NOT NULL,
	"price" numeric(18, 4),
	"location_id" bigint,
	"lot_att_no" text,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asn_details_qty_positive" CHECK ("asn_details"."qty" > 0),
	CONSTRAINT "asn_details_received_within_noticed" CHECK ("asn_details"."received_qty" >= 0 and "asn_details"."received_qty" <= "asn_details"."qty")
);
--> statement-breakpoint
CREATE TABLE "asn_headers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asn_headers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"asn_type" text NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"supplier_id" bigint,
	"status" text NOT NULL,
	"purchase_code" text,
	"expected_at" timestamp with time zone,
	"remark" text,
	"sku_total" integer DEFAULT 0 NOT NULL,
	"qty_total" integer DEFAULT 0 NOT NULL,
	"received_qty_total" integer DEFAULT 0 NOT NULL,
	"amount_total" numeric(18, 4) DEFAULT '0' NOT NULL,
	"sync_status" text,
	"sync_attempts" integer DEFAULT 0 NOT NULL,
	"sync_error" text,
	"next_sync_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"wms_status" text,
	"external_code" text,
	"cancel_sync_status" text,
	"cancel_reason" text,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asn_headers_received_within_noticed" CHECK ("asn_headers"."received_qty_total" >= 0 and "asn_headers"."received_qty_total" <= "asn_headers"."qty_total")
);
--> statement-breakpoint
CREATE TABLE "asn_receipt_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asn_receipt_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"receipt_id" bigint NOT NULL,
	"asn_detail_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"location_id" bigint DEFAULT 0 NOT NULL,
	"qty" integer NOT NULL,
	"unit_cost" numeric(18, 4),
	CONSTRAINT "asn_receipt_lines_qty_positive" CHECK ("asn_receipt_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "asn_receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asn_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"asn_id" bigint NOT NULL,
	"source" text NOT NULL,
	"external_result_id" text,
	"qty_total" integer NOT NULL,
	"remark" text,
	"received_by" bigint,
	"received_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_wms_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_wms_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"operation" text NOT NULL,
	"outcome" text NOT NULL,
	"message" text,
	"doc_code" text,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_wms_document_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_wms_document_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"sku_code" text NOT NULL,
	"sku_name" text,
	"qty" integer NOT NULL,
	"done_qty" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_wms_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_wms_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"doc_code" text NOT NULL,
	"doc_type" text NOT NULL,
	"external_code" text NOT NULL,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_wms_results" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_wms_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	"result_id" text NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"lines" jsonb NOT NULL,
	"express_company_code" text,
	"express_no" text,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_wms_warehouses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_wms_warehouses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"failure_rate" numeric(3, 2) DEFAULT '0' NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"cancel_mode" text DEFAULT 'IMMEDIATE' NOT NULL,
	"reject_sku_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"forced_failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"call_count" bigint DEFAULT 0 NOT NULL,
	"document_seq" integer DEFAULT 0 NOT NULL,
	"result_seq" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_system_results" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_system_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"result_id" text NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"doc_code" text NOT NULL,
	"outcome" text NOT NULL,
	"message" text,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asn_code_counters" ADD CONSTRAINT "asn_code_counters_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_details" ADD CONSTRAINT "asn_details_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_details" ADD CONSTRAINT "asn_details_asn_id_asn_headers_id_fk" FOREIGN KEY ("asn_id") REFERENCES "public"."asn_headers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_details" ADD CONSTRAINT "asn_details_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_headers" ADD CONSTRAINT "asn_headers_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_headers" ADD CONSTRAINT "asn_headers_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_headers" ADD CONSTRAINT "asn_headers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_receipt_lines" ADD CONSTRAINT "asn_receipt_lines_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_receipt_lines" ADD CONSTRAINT "asn_receipt_lines_receipt_id_asn_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."asn_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_receipt_lines" ADD CONSTRAINT "asn_receipt_lines_asn_detail_id_asn_details_id_fk" FOREIGN KEY ("asn_detail_id") REFERENCES "public"."asn_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_receipts" ADD CONSTRAINT "asn_receipts_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_receipts" ADD CONSTRAINT "asn_receipts_asn_id_asn_headers_id_fk" FOREIGN KEY ("asn_id") REFERENCES "public"."asn_headers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wms_calls" ADD CONSTRAINT "sandbox_wms_calls_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wms_calls" ADD CONSTRAINT "sandbox_wms_calls_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wms_document_lines" ADD CONSTRAINT "sandbox_wms_document_lines_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wms_document_lines" ADD CONSTRAINT "sandbox_wms_document_lines_document_id_sandbox_wms_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."sandbox_wms_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wms_documents" ADD CONSTRAINT "sandbox_wms_documents_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wms_documents" ADD CONSTRAINT "sandbox_wms_documents_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wms_results" ADD CONSTRAINT "sandbox_wms_results_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wms_results" ADD CONSTRAINT "sandbox_wms_results_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wms_results" ADD CONSTRAINT "sandbox_wms_results_document_id_sandbox_wms_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."sandbox_wms_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wms_warehouses" ADD CONSTRAINT "sandbox_wms_warehouses_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wms_warehouses" ADD CONSTRAINT "sandbox_wms_warehouses_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_system_results" ADD CONSTRAINT "warehouse_system_results_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_system_results" ADD CONSTRAINT "warehouse_system_results_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asn_code_counters_key" ON "asn_code_counters" USING btree ("domain_id","day");--> statement-breakpoint
CREATE INDEX "asn_details_asn_idx" ON "asn_details" USING btree ("domain_id","asn_id","line_no");--> statement-breakpoint
CREATE INDEX "asn_details_sku_idx" ON "asn_details" USING btree ("domain_id","sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asn_headers_domain_code_key" ON "asn_headers" USING btree ("domain_id","code");--> statement-breakpoint
CREATE INDEX "asn_headers_domain_time_idx" ON "asn_headers" USING btree ("domain_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "asn_headers_domain_status_idx" ON "asn_headers" USING btree ("domain_id","status","id");--> statement-breakpoint
CREATE INDEX "asn_headers_domain_warehouse_idx" ON "asn_headers" USING btree ("domain_id","warehouse_id","status");--> statement-breakpoint
CREATE INDEX "asn_headers_sync_due_idx" ON "asn_headers" USING btree ("sync_status","next_sync_at");--> statement-breakpoint
CREATE INDEX "asn_receipt_lines_receipt_idx" ON "asn_receipt_lines" USING btree ("domain_id","receipt_id");--> statement-breakpoint
CREATE INDEX "asn_receipts_asn_idx" ON "asn_receipts" USING btree ("domain_id","asn_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "asn_receipts_result_key" ON "asn_receipts" USING btree ("domain_id","asn_id","external_result_id");--> statement-breakpoint
CREATE INDEX "sandbox_wms_calls_warehouse_idx" ON "sandbox_wms_calls" USING btree ("domain_id","warehouse_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_wms_document_lines_key" ON "sandbox_wms_document_lines" USING btree ("document_id","line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_wms_documents_key" ON "sandbox_wms_documents" USING btree ("domain_id","warehouse_id","kind","doc_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_wms_results_key" ON "sandbox_wms_results" USING btree ("domain_id","warehouse_id","result_id");--> statement-breakpoint
CREATE INDEX "sandbox_wms_results_pending_idx" ON "sandbox_wms_results" USING btree ("domain_id","warehouse_id","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_wms_warehouses_key" ON "sandbox_wms_warehouses" USING btree ("domain_id","warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_system_results_key" ON "warehouse_system_results" USING btree ("domain_id","warehouse_id","result_id");--> statement-breakpoint
CREATE INDEX "warehouse_system_results_doc_idx" ON "warehouse_system_results" USING btree ("domain_id","kind","doc_code");