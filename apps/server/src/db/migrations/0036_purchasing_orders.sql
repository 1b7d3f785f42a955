CREATE TABLE "purchase_order_code_counters" (
	"domain_id" bigint NOT NULL,
	"day" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_order_code_counters_domain_id_day_pk" PRIMARY KEY("domain_id","day")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "purchase_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"sku_id" bigint NOT NULL,
	"ordered_qty" integer NOT NULL,
	"received_qty" integer DEFAULT 0 NOT NULL,
	"over_received_qty" integer DEFAULT 0 NOT NULL,
	"returned_qty" integer DEFAULT 0 NOT NULL,
	"closed_short_qty" integer DEFAULT 0 NOT NULL,
	"settled_qty" integer DEFAULT 0 NOT NULL,
	"price" numeric(18, 4),
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_lines_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "purchase_order_lines_counters" CHECK ("purchase_order_lines"."ordered_qty" > 0 and "purchase_order_lines"."received_qty" >= 0 and "purchase_order_lines"."over_received_qty" >= 0 and "purchase_order_lines"."returned_qty" >= 0 and "purchase_order_lines"."closed_short_qty" >= 0 and "purchase_order_lines"."settled_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_receipts" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "purchase_order_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"asn_id" bigint NOT NULL,
	"asn_receipt_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"qty" integer NOT NULL,
	"unit_cost" numeric(18, 4),
	"received_by" bigint,
	"received_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_receipts_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "purchase_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"receive_status" text DEFAULT 'UNRECEIVE' NOT NULL,
	"supplier_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"receipt_tolerance" numeric(5, 4) DEFAULT '0' NOT NULL,
	"expected_at" timestamp with time zone,
	"remark" text,
	"sku_total" integer DEFAULT 0 NOT NULL,
	"qty_total" integer DEFAULT 0 NOT NULL,
	"received_qty_total" integer DEFAULT 0 NOT NULL,
	"closed_short_qty_total" integer DEFAULT 0 NOT NULL,
	"amount_total" numeric(18, 4) DEFAULT '0' NOT NULL,
	"asn_id" bigint,
	"asn_code" text,
	"reject_reason" text,
	"close_reason" text,
	"submitted_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by" bigint,
	"completed_at" timestamp with time zone,
	"created_by_name" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "purchase_orders_received_not_negative" CHECK ("purchase_orders"."received_qty_total" >= 0 and "purchase_orders"."closed_short_qty_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "receipt_tolerance" numeric(5, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_domain_id_key" ON "suppliers" USING btree ("domain_id","id");--> statement-breakpoint
ALTER TABLE "purchase_order_code_counters" ADD CONSTRAINT "purchase_order_code_counters_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_fk" FOREIGN KEY ("domain_id","order_id") REFERENCES "public"."purchase_orders"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_sku_fk" FOREIGN KEY ("domain_id","sku_id") REFERENCES "public"."skus"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipts" ADD CONSTRAINT "purchase_order_receipts_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipts" ADD CONSTRAINT "purchase_order_receipts_order_fk" FOREIGN KEY ("domain_id","order_id") REFERENCES "public"."purchase_orders"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipts" ADD CONSTRAINT "purchase_order_receipts_line_fk" FOREIGN KEY ("domain_id","line_id") REFERENCES "public"."purchase_order_lines"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_fk" FOREIGN KEY ("domain_id","supplier_id") REFERENCES "public"."suppliers"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_warehouse_fk" FOREIGN KEY ("domain_id","warehouse_id") REFERENCES "public"."warehouses"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_sku_key" ON "purchase_order_lines" USING btree ("domain_id","order_id","sku_id");--> statement-breakpoint
CREATE INDEX "purchase_order_receipts_order_idx" ON "purchase_order_receipts" USING btree ("domain_id","order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_domain_code_key" ON "purchase_orders" USING btree ("domain_id","code");--> statement-breakpoint
CREATE INDEX "purchase_orders_domain_time_idx" ON "purchase_orders" USING btree ("domain_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_domain_status_idx" ON "purchase_orders" USING btree ("domain_id","status","receive_status");--> statement-breakpoint
CREATE INDEX "purchase_orders_domain_asn_idx" ON "purchase_orders" USING btree ("domain_id","asn_id");