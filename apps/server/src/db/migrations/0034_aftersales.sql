-- The referenced tables get a unique (domain_id, id) first: the composite foreign keys need it.
CREATE UNIQUE INDEX "skus_domain_id_key" ON "skus" USING btree ("domain_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_domain_id_key" ON "stores" USING btree ("domain_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_domain_id_key" ON "warehouses" USING btree ("domain_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_order_lines_domain_id_key" ON "erp_order_lines" USING btree ("domain_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_orders_domain_id_key" ON "erp_orders" USING btree ("domain_id","id");--> statement-breakpoint
CREATE TABLE "after_sale_code_counters" (
	"domain_id" bigint NOT NULL,
	"day" date NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "after_sale_code_counters_domain_id_day_pk" PRIMARY KEY("domain_id","day")
);
--> statement-breakpoint
CREATE TABLE "after_sale_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "after_sale_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"after_sale_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"line_no" integer NOT NULL,
	"erp_order_line_id" bigint,
	"is_combination" boolean DEFAULT false NOT NULL,
	"sku_id" bigint,
	"sku_code" text,
	"sku_name" text,
	"sku_spec" text,
	"sku_num" integer NOT NULL,
	"sku_price" numeric(18, 4) DEFAULT '0' NOT NULL,
	"sku_weight" numeric(12, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "after_sale_lines_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "after_sale_lines_kind_check" CHECK ("after_sale_lines"."kind" in ('RETURN', 'EXCHANGE')),
	CONSTRAINT "after_sale_lines_num_positive" CHECK ("after_sale_lines"."sku_num" > 0)
);
--> statement-breakpoint
CREATE TABLE "after_sales" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "after_sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"store_id" bigint NOT NULL,
	"erp_order_id" bigint,
	"tb_soh_code" text,
	"platform_refund_id" text,
	"buyer_nick" text,
	"buyer_name" text,
	"buyer_phone" text,
	"buyer_province" text,
	"buyer_city" text,
	"buyer_district" text,
	"buyer_address" text,
	"buyer_express_company_code" text,
	"buyer_express_company_name" text,
	"buyer_express_no" text,
	"apply_time" timestamp with time zone,
	"refund_phase" text,
	"after_sales_reason" text,
	"refund_fee" numeric(18, 4) DEFAULT '0' NOT NULL,
	"post_fee" numeric(18, 4) DEFAULT '0' NOT NULL,
	"remark" text,
	"payment_account" text,
	"return_wh_id" bigint,
	"platform_status" text,
	"check_status" text DEFAULT 'UNPROCESSED' NOT NULL,
	"receipt_status" text DEFAULT 'NONE' NOT NULL,
	"refund_status" text,
	"write_back_status" text,
	"rma_id" bigint,
	"return_qty_total" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "after_sales_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "after_sales_type_check" CHECK ("after_sales"."type" in ('REFUND_ONLY', 'RETURN_REFUND', 'EXCHANGE', 'REISSUE')),
	CONSTRAINT "after_sales_check_status_check" CHECK ("after_sales"."check_status" in ('UNPROCESSED', 'PROCESSING', 'COMPLETED', 'CLOSED')),
	CONSTRAINT "after_sales_receipt_status_check" CHECK ("after_sales"."receipt_status" in ('NONE', 'WAITING', 'PARTIAL', 'ALL', 'STOPPED')),
	CONSTRAINT "after_sales_refund_status_check" CHECK ("after_sales"."refund_status" is null or "after_sales"."refund_status" in ('VERIFY', 'WAIT', 'SUCCESS', 'REJECT', 'FAILURE')),
	CONSTRAINT "after_sales_write_back_status_check" CHECK ("after_sales"."write_back_status" is null or "after_sales"."write_back_status" in ('TO_SEND', 'SENT', 'FAILED')),
	CONSTRAINT "after_sales_fees_not_negative" CHECK ("after_sales"."refund_fee" >= 0 and "after_sales"."post_fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "after_sale_code_counters" ADD CONSTRAINT "after_sale_code_counters_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_lines" ADD CONSTRAINT "after_sale_lines_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_lines" ADD CONSTRAINT "after_sale_lines_doc_fk" FOREIGN KEY ("domain_id","after_sale_id") REFERENCES "public"."after_sales"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_lines" ADD CONSTRAINT "after_sale_lines_order_line_fk" FOREIGN KEY ("domain_id","erp_order_line_id") REFERENCES "public"."erp_order_lines"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_lines" ADD CONSTRAINT "after_sale_lines_sku_fk" FOREIGN KEY ("domain_id","sku_id") REFERENCES "public"."skus"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_store_fk" FOREIGN KEY ("domain_id","store_id") REFERENCES "public"."stores"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_order_fk" FOREIGN KEY ("domain_id","erp_order_id") REFERENCES "public"."erp_orders"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_return_wh_fk" FOREIGN KEY ("domain_id","return_wh_id") REFERENCES "public"."warehouses"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "after_sale_lines_doc_idx" ON "after_sale_lines" USING btree ("domain_id","after_sale_id","kind","line_no");--> statement-breakpoint
CREATE INDEX "after_sale_lines_order_line_idx" ON "after_sale_lines" USING btree ("domain_id","erp_order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sales_domain_code_key" ON "after_sales" USING btree ("domain_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sales_platform_refund_key" ON "after_sales" USING btree ("domain_id","store_id","platform_refund_id") WHERE platform_refund_id is not null;--> statement-breakpoint
CREATE INDEX "after_sales_domain_id_idx" ON "after_sales" USING btree ("domain_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "after_sales_domain_check_idx" ON "after_sales" USING btree ("domain_id","check_status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "after_sales_domain_order_idx" ON "after_sales" USING btree ("domain_id","erp_order_id");--> statement-breakpoint
CREATE INDEX "after_sales_domain_apply_idx" ON "after_sales" USING btree ("domain_id","apply_time" DESC NULLS LAST);
