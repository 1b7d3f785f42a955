CREATE TABLE "report_dirty_orders" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "report_dirty_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_dirty_orders_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_orders_daily" (
	"domain_id" bigint NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"store_id" bigint NOT NULL,
	"platform_code" text NOT NULL,
	"province" text NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	"qty" bigint DEFAULT 0 NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"refund_qty" bigint DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"cost_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_orders_daily_domain_id_day_hour_store_id_platform_code_province_pk" PRIMARY KEY("domain_id","day","hour","store_id","platform_code","province")
);
--> statement-breakpoint
CREATE TABLE "report_sales_daily" (
	"domain_id" bigint NOT NULL,
	"day" date NOT NULL,
	"store_id" bigint NOT NULL,
	"platform_code" text NOT NULL,
	"sku_id" bigint NOT NULL,
	"qty" bigint DEFAULT 0 NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"refund_qty" bigint DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"cost_fen" bigint DEFAULT 0 NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_sales_daily_domain_id_day_store_id_platform_code_sku_id_pk" PRIMARY KEY("domain_id","day","store_id","platform_code","sku_id")
);
--> statement-breakpoint
CREATE TABLE "report_sales_facts" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "report_sales_facts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"source_key" text NOT NULL,
	"kind" text NOT NULL,
	"order_line_id" bigint,
	"after_sale_id" bigint,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"store_id" bigint NOT NULL,
	"platform_code" text NOT NULL,
	"province" text NOT NULL,
	"sku_id" bigint NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"refund_qty" integer DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"cost_fen" bigint DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"sku_order_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_sales_facts_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE INDEX "report_sales_daily_sku_idx" ON "report_sales_daily" USING btree ("domain_id","sku_id","day");--> statement-breakpoint
CREATE INDEX "report_sales_facts_order_idx" ON "report_sales_facts" USING btree ("domain_id","order_id");--> statement-breakpoint
CREATE INDEX "report_sales_facts_day_idx" ON "report_sales_facts" USING btree ("domain_id","day","sku_id");--> statement-breakpoint
-- Dirty-marking for the sales report aggregates (reports module README): every statement that
-- changes an order, its lines, its after-sales or ships its goods appends the orders it touched;
-- append-only, so order processing never waits on a report row. The reports job recomputes them.
CREATE FUNCTION report_dirty_orders_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'erp_orders' THEN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO report_dirty_orders (domain_id, order_id) SELECT DISTINCT domain_id, id FROM old_rows;
    ELSE
      INSERT INTO report_dirty_orders (domain_id, order_id) SELECT DISTINCT domain_id, id FROM new_rows;
    END IF;
  ELSIF TG_TABLE_NAME = 'erp_order_lines' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO report_dirty_orders (domain_id, order_id) SELECT DISTINCT domain_id, order_id FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO report_dirty_orders (domain_id, order_id) SELECT DISTINCT domain_id, order_id FROM old_rows;
    ELSE
      INSERT INTO report_dirty_orders (domain_id, order_id)
      SELECT domain_id, order_id FROM new_rows UNION SELECT domain_id, order_id FROM old_rows;
    END IF;
  ELSIF TG_TABLE_NAME = 'after_sales' THEN
    INSERT INTO report_dirty_orders (domain_id, order_id) SELECT DISTINCT domain_id, erp_order_id FROM new_rows WHERE erp_order_id IS NOT NULL;
  ELSIF TG_TABLE_NAME = 'after_sale_lines' THEN
    INSERT INTO report_dirty_orders (domain_id, order_id)
    SELECT DISTINCT a.domain_id, a.erp_order_id FROM new_rows n JOIN after_sales a ON a.domain_id = n.domain_id AND a.id = n.after_sale_id WHERE a.erp_order_id IS NOT NULL;
  ELSIF TG_TABLE_NAME = 'stock_ledger' THEN
    INSERT INTO report_dirty_orders (domain_id, order_id)
    SELECT DISTINCT domain_id, doc_id FROM new_rows WHERE doc_type = 'ORDER' AND movement = 'SHIP' AND doc_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER erp_orders_report_dirty_ins AFTER INSERT ON erp_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_orders_mark();
--> statement-breakpoint
-- Updates mark an order only when a column the figures read changed (a row trigger with a WHEN
-- condition: the printing, label and stock-out updates of busy days mark nothing and pay nothing;
-- transition tables cannot be combined with column lists).
CREATE FUNCTION report_dirty_order_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'erp_orders' THEN
    INSERT INTO report_dirty_orders (domain_id, order_id) VALUES (NEW.domain_id, NEW.id);
  ELSE
    INSERT INTO report_dirty_orders (domain_id, order_id) VALUES (NEW.domain_id, NEW.order_id);
    IF OLD.order_id IS DISTINCT FROM NEW.order_id THEN
      INSERT INTO report_dirty_orders (domain_id, order_id) VALUES (OLD.domain_id, OLD.order_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER erp_orders_report_dirty_upd AFTER UPDATE ON erp_orders FOR EACH ROW
  WHEN (OLD.status_code IS DISTINCT FROM NEW.status_code OR OLD.pay_time IS DISTINCT FROM NEW.pay_time OR OLD.store_id IS DISTINCT FROM NEW.store_id
        OR OLD.platform_code IS DISTINCT FROM NEW.platform_code OR OLD.receiver_province IS DISTINCT FROM NEW.receiver_province OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION report_dirty_order_row();
--> statement-breakpoint
CREATE TRIGGER erp_orders_report_dirty_del AFTER DELETE ON erp_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_orders_mark();
--> statement-breakpoint
CREATE TRIGGER erp_order_lines_report_dirty_ins AFTER INSERT ON erp_order_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_orders_mark();
--> statement-breakpoint
CREATE TRIGGER erp_order_lines_report_dirty_upd AFTER UPDATE ON erp_order_lines FOR EACH ROW
  WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.sku_id IS DISTINCT FROM NEW.sku_id OR OLD.qty IS DISTINCT FROM NEW.qty OR OLD.amount IS DISTINCT FROM NEW.amount
        OR OLD.is_combination IS DISTINCT FROM NEW.is_combination OR OLD.cancel_tag IS DISTINCT FROM NEW.cancel_tag)
  EXECUTE FUNCTION report_dirty_order_row();
--> statement-breakpoint
CREATE TRIGGER erp_order_lines_report_dirty_del AFTER DELETE ON erp_order_lines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_orders_mark();
--> statement-breakpoint
CREATE TRIGGER after_sales_report_dirty_ins AFTER INSERT ON after_sales REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_orders_mark();
--> statement-breakpoint
CREATE TRIGGER after_sales_report_dirty_upd AFTER UPDATE ON after_sales REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_orders_mark();
--> statement-breakpoint
CREATE TRIGGER after_sale_lines_report_dirty_ins AFTER INSERT ON after_sale_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_orders_mark();
--> statement-breakpoint
CREATE TRIGGER stock_ledger_report_dirty_ins AFTER INSERT ON stock_ledger REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_dirty_orders_mark();
--> statement-breakpoint
-- Backfill: every order that exists now is marked, so the reports job builds its figures.
INSERT INTO report_dirty_orders (domain_id, order_id) SELECT domain_id, id FROM erp_orders;
