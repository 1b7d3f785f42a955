CREATE TABLE "stock_sync_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_sync_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"tb_sku_row_id" bigint NOT NULL,
	"tb_sku_id" text NOT NULL,
	"sku_id" bigint NOT NULL,
	"sku_code" text NOT NULL,
	"available" integer,
	"quantity" integer,
	"status" text DEFAULT 'REQUEST' NOT NULL,
	"trigger" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"retry_of_id" bigint,
	"stop_reason" text,
	"error_code" text,
	"error_message" text,
	"requested_by" bigint,
	"requested_by_name" text,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_sync_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_sync_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"ratio" numeric(5, 4) NOT NULL,
	"safety_stock" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_sync_rules_ratio_range" CHECK ("stock_sync_rules"."ratio" >= 0 and "stock_sync_rules"."ratio" <= 1),
	CONSTRAINT "stock_sync_rules_safety_not_negative" CHECK ("stock_sync_rules"."safety_stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_sync_states" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_sync_states_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"tb_sku_row_id" bigint NOT NULL,
	"last_quantity" integer NOT NULL,
	"last_pushed_at" timestamp with time zone NOT NULL,
	"last_record_id" bigint NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_sync_records" ADD CONSTRAINT "stock_sync_records_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_sync_records" ADD CONSTRAINT "stock_sync_records_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_sync_rules" ADD CONSTRAINT "stock_sync_rules_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_sync_rules" ADD CONSTRAINT "stock_sync_rules_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_sync_rules" ADD CONSTRAINT "stock_sync_rules_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_sync_states" ADD CONSTRAINT "stock_sync_states_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_sync_states" ADD CONSTRAINT "stock_sync_states_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_sync_records_time_idx" ON "stock_sync_records" USING btree ("domain_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_sync_records_store_status_idx" ON "stock_sync_records" USING btree ("domain_id","store_id","status");--> statement-breakpoint
CREATE INDEX "stock_sync_records_tb_sku_idx" ON "stock_sync_records" USING btree ("domain_id","tb_sku_row_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_sync_rules_key" ON "stock_sync_rules" USING btree ("domain_id","store_id","warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_sync_states_key" ON "stock_sync_states" USING btree ("domain_id","tb_sku_row_id");--> statement-breakpoint
CREATE INDEX "stock_sync_states_store_idx" ON "stock_sync_states" USING btree ("domain_id","store_id");