CREATE TABLE "stock_balances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"location_id" bigint DEFAULT 0 NOT NULL,
	"sku_id" bigint NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"allocated" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_on_hand_not_negative" CHECK ("stock_balances"."on_hand" >= 0),
	CONSTRAINT "stock_balances_allocated_not_negative" CHECK ("stock_balances"."allocated" >= 0),
	CONSTRAINT "stock_balances_allocated_within_on_hand" CHECK ("stock_balances"."allocated" <= "stock_balances"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"location_id" bigint DEFAULT 0 NOT NULL,
	"sku_id" bigint NOT NULL,
	"movement" text NOT NULL,
	"on_hand_delta" integer NOT NULL,
	"allocated_delta" integer NOT NULL,
	"on_hand_after" integer NOT NULL,
	"allocated_after" integer NOT NULL,
	"doc_type" text NOT NULL,
	"doc_id" bigint,
	"doc_code" text,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_warnings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_warnings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"warning_qty" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_warnings" ADD CONSTRAINT "stock_warnings_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_warnings" ADD CONSTRAINT "stock_warnings_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_warnings" ADD CONSTRAINT "stock_warnings_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_balances_key" ON "stock_balances" USING btree ("domain_id","warehouse_id","sku_id","location_id");--> statement-breakpoint
CREATE INDEX "stock_balances_sku_idx" ON "stock_balances" USING btree ("domain_id","sku_id");--> statement-breakpoint
CREATE INDEX "stock_ledger_balance_idx" ON "stock_ledger" USING btree ("domain_id","warehouse_id","sku_id","location_id","id");--> statement-breakpoint
CREATE INDEX "stock_ledger_doc_idx" ON "stock_ledger" USING btree ("domain_id","doc_type","doc_id");--> statement-breakpoint
CREATE INDEX "stock_ledger_time_idx" ON "stock_ledger" USING btree ("domain_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "stock_warnings_key" ON "stock_warnings" USING btree ("domain_id","warehouse_id","sku_id");