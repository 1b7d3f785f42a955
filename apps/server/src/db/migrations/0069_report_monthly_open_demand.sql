CREATE TABLE "report_orders_monthly" (
	"domain_id" bigint NOT NULL,
	"month" date NOT NULL,
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
	CONSTRAINT "report_orders_monthly_domain_id_month_hour_store_id_platform_code_province_pk" PRIMARY KEY("domain_id","month","hour","store_id","platform_code","province")
);
--> statement-breakpoint
CREATE TABLE "report_sales_monthly" (
	"domain_id" bigint NOT NULL,
	"month" date NOT NULL,
	"sku_id" bigint NOT NULL,
	"qty" bigint DEFAULT 0 NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"refund_qty" bigint DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"cost_fen" bigint DEFAULT 0 NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_sales_monthly_domain_id_month_sku_id_pk" PRIMARY KEY("domain_id","month","sku_id")
);
--> statement-breakpoint
CREATE TABLE "report_open_demand" (
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"qty" integer NOT NULL,
	"store_id" bigint,
	"platform_code" text,
	"warehouse_id" bigint,
	"sold_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_open_demand_pk" PRIMARY KEY("domain_id","order_id","sku_id")
);
--> statement-breakpoint
CREATE TABLE "report_open_demand_dirty" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "report_open_demand_dirty_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_open_demand_dirty_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE INDEX "report_open_demand_sku_idx" ON "report_open_demand" USING btree ("domain_id","sku_id");--> statement-breakpoint
-- Hand-written (reports README "Tables"): the monthly sums of the sales figures already
-- aggregated, once; from here on the reports job keeps them with the daily sums.
INSERT INTO report_sales_monthly (domain_id, month, sku_id, qty, amount_fen, refund_qty, refund_fen, cost_fen, order_count)
SELECT domain_id, day - extract(day from day)::int + 1, sku_id, sum(qty), sum(amount_fen), sum(refund_qty), sum(refund_fen), sum(cost_fen), sum(order_count)
FROM report_sales_daily GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_orders_monthly (domain_id, month, hour, store_id, platform_code, province, order_count, qty, amount_fen, refund_qty, refund_fen, cost_fen)
SELECT domain_id, day - extract(day from day)::int + 1, hour, store_id, platform_code, province, sum(order_count), sum(qty), sum(amount_fen), sum(refund_qty), sum(refund_fen), sum(cost_fen)
FROM report_orders_daily GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
-- Hand-written (reports/shipping README "To-ship demand"): an order whose open demand may have
-- changed is marked in its own transaction (append-only rows: no order transaction waits on
-- another's mark); every to-ship read first folds the marked orders in.
CREATE FUNCTION report_open_demand_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'erp_orders' THEN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO report_open_demand_dirty (domain_id, order_id) SELECT domain_id, id FROM old_rows
      WHERE status_code IN ('CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED');
    ELSE
      INSERT INTO report_open_demand_dirty (domain_id, order_id) SELECT domain_id, id FROM new_rows
      WHERE status_code IN ('CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED');
    END IF;
  ELSIF TG_TABLE_NAME = 'erp_order_lines' THEN
    -- Lines of an order that is not open need no mark: an order becoming open is marked itself.
    IF TG_OP = 'DELETE' THEN
      INSERT INTO report_open_demand_dirty (domain_id, order_id)
      SELECT o.domain_id, o.id FROM (SELECT DISTINCT domain_id, order_id FROM old_rows) l JOIN erp_orders o ON o.domain_id = l.domain_id AND o.id = l.order_id
      WHERE o.status_code IN ('CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED');
    ELSE
      INSERT INTO report_open_demand_dirty (domain_id, order_id)
      SELECT o.domain_id, o.id FROM (SELECT DISTINCT domain_id, order_id FROM new_rows) l JOIN erp_orders o ON o.domain_id = l.domain_id AND o.id = l.order_id
      WHERE o.status_code IN ('CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED');
    END IF;
  ELSIF TG_TABLE_NAME = 'combination_components' THEN
    -- A combination's components changed: the open orders holding it need other components.
    IF TG_OP = 'DELETE' THEN
      INSERT INTO report_open_demand_dirty (domain_id, order_id)
      SELECT DISTINCT o.domain_id, o.id FROM (SELECT DISTINCT domain_id, combo_sku_id FROM old_rows) c
      JOIN erp_order_lines l ON l.domain_id = c.domain_id AND l.sku_id = c.combo_sku_id
      JOIN erp_orders o ON o.domain_id = l.domain_id AND o.id = l.order_id
      WHERE o.status_code IN ('CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED');
    ELSIF TG_OP = 'INSERT' THEN
      INSERT INTO report_open_demand_dirty (domain_id, order_id)
      SELECT DISTINCT o.domain_id, o.id FROM (SELECT DISTINCT domain_id, combo_sku_id FROM new_rows) c
      JOIN erp_order_lines l ON l.domain_id = c.domain_id AND l.sku_id = c.combo_sku_id
      JOIN erp_orders o ON o.domain_id = l.domain_id AND o.id = l.order_id
      WHERE o.status_code IN ('CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED');
    ELSE
      INSERT INTO report_open_demand_dirty (domain_id, order_id)
      SELECT DISTINCT o.domain_id, o.id FROM (SELECT domain_id, combo_sku_id FROM new_rows UNION SELECT domain_id, combo_sku_id FROM old_rows) c
      JOIN erp_order_lines l ON l.domain_id = c.domain_id AND l.sku_id = c.combo_sku_id
      JOIN erp_orders o ON o.domain_id = l.domain_id AND o.id = l.order_id
      WHERE o.status_code IN ('CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED');
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates mark only when a column the demand reads changed (row triggers with a WHEN condition:
-- the printing, label and tracking updates of busy days mark nothing).
CREATE FUNCTION report_open_demand_mark_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'erp_orders' THEN
    INSERT INTO report_open_demand_dirty (domain_id, order_id) VALUES (NEW.domain_id, NEW.id);
  ELSE
    INSERT INTO report_open_demand_dirty (domain_id, order_id) VALUES (NEW.domain_id, NEW.order_id);
    IF OLD.order_id IS DISTINCT FROM NEW.order_id THEN
      INSERT INTO report_open_demand_dirty (domain_id, order_id) VALUES (OLD.domain_id, OLD.order_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER erp_orders_open_demand_ins AFTER INSERT ON erp_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_open_demand_mark();
--> statement-breakpoint
CREATE TRIGGER erp_orders_open_demand_upd AFTER UPDATE ON erp_orders FOR EACH ROW
  WHEN ((OLD.status_code IN ('CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED')
         OR NEW.status_code IN ('CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED'))
    AND (OLD.status_code, OLD.store_id, OLD.platform_code, OLD.warehouse_id, OLD.pay_time, OLD.created_at)
      IS DISTINCT FROM (NEW.status_code, NEW.store_id, NEW.platform_code, NEW.warehouse_id, NEW.pay_time, NEW.created_at))
  EXECUTE FUNCTION report_open_demand_mark_row();
--> statement-breakpoint
CREATE TRIGGER erp_orders_open_demand_del AFTER DELETE ON erp_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_open_demand_mark();
--> statement-breakpoint
CREATE TRIGGER erp_order_lines_open_demand_ins AFTER INSERT ON erp_order_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_open_demand_mark();
--> statement-breakpoint
CREATE TRIGGER erp_order_lines_open_demand_upd AFTER UPDATE ON erp_order_lines FOR EACH ROW
  WHEN ((OLD.order_id, OLD.sku_id, OLD.qty, OLD.is_combination, OLD.cancel_tag) IS DISTINCT FROM (NEW.order_id, NEW.sku_id, NEW.qty, NEW.is_combination, NEW.cancel_tag))
  EXECUTE FUNCTION report_open_demand_mark_row();
--> statement-breakpoint
CREATE TRIGGER erp_order_lines_open_demand_del AFTER DELETE ON erp_order_lines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_open_demand_mark();
--> statement-breakpoint
CREATE TRIGGER combination_components_open_demand_ins AFTER INSERT ON combination_components REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_open_demand_mark();
--> statement-breakpoint
CREATE TRIGGER combination_components_open_demand_upd AFTER UPDATE ON combination_components REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_open_demand_mark();
--> statement-breakpoint
CREATE TRIGGER combination_components_open_demand_del AFTER DELETE ON combination_components REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_open_demand_mark();
--> statement-breakpoint
-- Orders open before this migration: their demand, once, in every domain (folded in by the first read or job run).
INSERT INTO report_open_demand_dirty (domain_id, order_id)
SELECT domain_id, id FROM erp_orders WHERE status_code IN ('CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED');
