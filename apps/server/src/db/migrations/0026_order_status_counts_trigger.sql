-- Exact per-domain, per-status order counts kept by the database (order_status_counts). Each
-- statement on erp_orders appends one delta row per (domain, status) it changed, aggregated over
-- the statement's transition tables: no row is updated in place, so concurrent writers never wait
-- on (or deadlock over) a counter row. The count of a status is the sum of its rows.
CREATE FUNCTION order_status_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts (domain_id, status_code, n)
  SELECT domain_id, status_code, count(*) FROM new_rows GROUP BY domain_id, status_code;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_status_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts (domain_id, status_code, n)
  SELECT domain_id, status_code, sum(d) FROM (
    SELECT domain_id, status_code, -1 AS d FROM old_rows
    UNION ALL
    SELECT domain_id, status_code, 1 AS d FROM new_rows) x
  GROUP BY domain_id, status_code
  HAVING sum(d) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_status_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts (domain_id, status_code, n)
  SELECT domain_id, status_code, -count(*) FROM old_rows GROUP BY domain_id, status_code;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_status_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER erp_orders_status_counts_ins AFTER INSERT ON erp_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_ins();
--> statement-breakpoint
-- (Transition tables cannot go with a column list, so every update statement is looked at; those
-- that change no status append nothing.)
CREATE TRIGGER erp_orders_status_counts_upd AFTER UPDATE ON erp_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_upd();
--> statement-breakpoint
CREATE TRIGGER erp_orders_status_counts_del AFTER DELETE ON erp_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_del();
--> statement-breakpoint
CREATE TRIGGER erp_orders_status_counts_truncate AFTER TRUNCATE ON erp_orders FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_truncate();
--> statement-breakpoint
-- Backfill: the orders that exist now (taken with the table locked against writes, so none is
-- counted twice or missed).
LOCK TABLE erp_orders IN SHARE MODE;
--> statement-breakpoint
INSERT INTO order_status_counts (domain_id, status_code, n)
SELECT domain_id, status_code, count(*) FROM erp_orders GROUP BY domain_id, status_code;
