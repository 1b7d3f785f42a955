CREATE SEQUENCE "public"."erp_order_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 50;--> statement-breakpoint
CREATE TABLE "erp_order_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "erp_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"line_seq" integer NOT NULL,
	"sku_id" bigint,
	"sku_code" text,
	"sku_name" text,
	"sku_specifications" text,
	"qty" integer NOT NULL,
	"price" numeric(18, 4) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 4) DEFAULT '0' NOT NULL,
	"sku_weight" numeric(12, 3),
	"is_gift" boolean DEFAULT false NOT NULL,
	"is_combination" boolean DEFAULT false NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"cancel_tag" integer DEFAULT 0 NOT NULL,
	"stock_out" boolean DEFAULT false NOT NULL,
	"platform_no" text,
	"tb_spu_id" text,
	"tb_sku_id" text,
	"outer_sku_id" text,
	"title" text,
	"properties" text,
	"promotion_id" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erp_order_lines_qty_positive" CHECK ("erp_order_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "erp_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "erp_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"order_type" text DEFAULT 'NORMAL' NOT NULL,
	"status_code" text DEFAULT 'CI_ERPSOH_STATUS_NORMAL' NOT NULL,
	"so_extend_status" text,
	"source" text DEFAULT 'PLATFORM' NOT NULL,
	"store_id" bigint NOT NULL,
	"platform_code" text DEFAULT 'DEFAULT_PLATFORM' NOT NULL,
	"original_platform_code" text,
	"platform_nos" text[] DEFAULT '{}'::text[] NOT NULL,
	"buyer_nick" text,
	"receiver_name" text,
	"receiver_phone" text,
	"receiver_tel" text,
	"receiver_province" text,
	"receiver_city" text,
	"receiver_district" text,
	"receiver_address" text,
	"receiver_zip" text,
	"address_exception" boolean DEFAULT false NOT NULL,
	"warehouse_id" bigint,
	"express_company_code" text,
	"express_no" text,
	"risk_control_status" text DEFAULT 'NONE' NOT NULL,
	"cod_type" text,
	"have_refund" boolean DEFAULT false NOT NULL,
	"intercepted" boolean DEFAULT false NOT NULL,
	"intercept_reason" text,
	"locked" boolean DEFAULT false NOT NULL,
	"pre_sale" boolean DEFAULT false NOT NULL,
	"stock_out" boolean DEFAULT false NOT NULL,
	"merge_level" integer DEFAULT 0 NOT NULL,
	"merged_into_id" bigint,
	"split_level" integer DEFAULT 0 NOT NULL,
	"split_from_id" bigint,
	"have_invoice" boolean DEFAULT false NOT NULL,
	"seller_flag" integer DEFAULT 0 NOT NULL,
	"seller_remark" text,
	"buyer_message" text,
	"amount_total" numeric(18, 4) DEFAULT '0' NOT NULL,
	"post_fee" numeric(18, 4) DEFAULT '0' NOT NULL,
	"qty_total" integer DEFAULT 0 NOT NULL,
	"sku_total" integer DEFAULT 0 NOT NULL,
	"weight_total" numeric(12, 3) DEFAULT '0' NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"pay_time" timestamp with time zone,
	"trading_time" timestamp with time zone,
	"last_ship_time" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by" bigint,
	"express_print_time" timestamp with time zone,
	"send_print_time" timestamp with time zone,
	"delivery_time" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"status_before_close" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erp_orders_totals_not_negative" CHECK ("erp_orders"."qty_total" >= 0 and "erp_orders"."sku_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_ingest_nonces" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_ingest_nonces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_search_tabs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_search_tabs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_sync_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_sync_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"window_from" timestamp with time zone,
	"window_to" timestamp with time zone,
	"pulled" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_msg" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"created_by" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_sync_states" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_sync_states_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"pulled_until" timestamp with time zone,
	"watermark" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"platform_no" text NOT NULL,
	"platform_status" text NOT NULL,
	"payload" jsonb NOT NULL,
	"platform_updated_at" timestamp with time zone,
	"erp_order_id" bigint,
	"error_msg" text,
	"error_closed" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "erp_order_lines" ADD CONSTRAINT "erp_order_lines_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_order_lines" ADD CONSTRAINT "erp_order_lines_order_id_erp_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."erp_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_order_lines" ADD CONSTRAINT "erp_order_lines_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_orders" ADD CONSTRAINT "erp_orders_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_orders" ADD CONSTRAINT "erp_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_orders" ADD CONSTRAINT "erp_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ingest_nonces" ADD CONSTRAINT "order_ingest_nonces_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ingest_nonces" ADD CONSTRAINT "order_ingest_nonces_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_search_tabs" ADD CONSTRAINT "order_search_tabs_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sync_runs" ADD CONSTRAINT "order_sync_runs_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sync_runs" ADD CONSTRAINT "order_sync_runs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sync_states" ADD CONSTRAINT "order_sync_states_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sync_states" ADD CONSTRAINT "order_sync_states_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD CONSTRAINT "platform_orders_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD CONSTRAINT "platform_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD CONSTRAINT "platform_orders_erp_order_id_erp_orders_id_fk" FOREIGN KEY ("erp_order_id") REFERENCES "public"."erp_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erp_order_lines_order_idx" ON "erp_order_lines" USING btree ("order_id","line_seq");--> statement-breakpoint
CREATE INDEX "erp_order_lines_domain_sku_idx" ON "erp_order_lines" USING btree ("domain_id","sku_id");--> statement-breakpoint
CREATE INDEX "erp_order_lines_domain_tbsku_idx" ON "erp_order_lines" USING btree ("domain_id","tb_sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_orders_domain_code_key" ON "erp_orders" USING btree ("domain_id","code");--> statement-breakpoint
CREATE INDEX "erp_orders_domain_status_idx" ON "erp_orders" USING btree ("domain_id","status_code","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "erp_orders_domain_created_idx" ON "erp_orders" USING btree ("domain_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "erp_orders_domain_store_idx" ON "erp_orders" USING btree ("domain_id","store_id","status_code");--> statement-breakpoint
CREATE INDEX "erp_orders_domain_buyer_idx" ON "erp_orders" USING btree ("domain_id","store_id","buyer_nick");--> statement-breakpoint
CREATE INDEX "erp_orders_domain_platform_nos_idx" ON "erp_orders" USING gin ("platform_nos");--> statement-breakpoint
CREATE INDEX "erp_orders_domain_labels_idx" ON "erp_orders" USING gin ("labels");--> statement-breakpoint
CREATE INDEX "erp_orders_merged_into_idx" ON "erp_orders" USING btree ("merged_into_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_ingest_nonces_key" ON "order_ingest_nonces" USING btree ("store_id","nonce");--> statement-breakpoint
CREATE INDEX "order_search_tabs_user_idx" ON "order_search_tabs" USING btree ("domain_id","user_id","sort_index");--> statement-breakpoint
CREATE INDEX "order_sync_runs_domain_store_idx" ON "order_sync_runs" USING btree ("domain_id","store_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "order_sync_states_store_key" ON "order_sync_states" USING btree ("domain_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_orders_store_no_key" ON "platform_orders" USING btree ("domain_id","store_id","platform_no");--> statement-breakpoint
CREATE INDEX "platform_orders_erp_order_idx" ON "platform_orders" USING btree ("erp_order_id");