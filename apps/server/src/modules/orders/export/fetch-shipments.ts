// proxy/asyncGetExpOrder (spec 02 §7.10 "proxy"): the express orders of orders issued to warehouse
// systems fetched in the background. The call finds the warehouses of the domain's SYNCED orders
// (the chosen ones, or all) and queues the job FETCH_SHIPMENTS_JOB, which asks each warehouse's
// system for its sales-order results (warehouse-systems pollResults 'SO'); the shipping part's
// result handler ships each order once, with the warehouse's express number.
import { ErrorCodes, ORDER_STATUS, type AsyncGetExpOrderInput, type AsyncGetExpOrderResult } from '@openseller/core';
import { sql } from 'drizzle-orm';
import type { WarehouseSystemsService } from '../../../connectors/warehouse/types.js';
import type { Database } from '../../../db/client.js';
import { domainOf } from '../../../platform/caller.js';
import { AppError } from '../../../platform/errors.js';
import type { JobQueue } from '../../../platform/jobs.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { Session } from '../../../platform/sessions.js';
import { bigintArray } from '../../../platform/sql.js';

export const FETCH_SHIPMENTS_JOB = 'orders.fetch-warehouse-shipments';

export function createShipmentFetch(deps: { database: Database; registry: ServiceRegistry; jobs: JobQueue | null }) {
  const { db } = deps.database;

  return {
    async request(session: Session, input: AsyncGetExpOrderInput): Promise<AsyncGetExpOrderResult> {
      const domainId = domainOf(session);
      if (input.idList) {
        const found = await db.execute<{ id: number }>(sql`select id from erp_orders where domain_id = ${domainId} and id = any(${bigintArray(input.idList)})`);
        const ids = new Set(found.rows.map((r) => Number(r.id)));
        const missing = input.idList.findIndex((id) => !ids.has(id));
        if (missing >= 0) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'order', field: `idList.${missing}` });
      }
      const rows = await db.execute<{ warehouse_id: number; n: number }>(sql`
        select o.warehouse_id, count(*)::int as n from erp_orders o
        join warehouses w on w.domain_id = o.domain_id and w.id = o.warehouse_id
        where o.domain_id = ${domainId} and o.status_code = ${ORDER_STATUS.SYNCED} and w.type <> 'SELF_WAREHOUSE'
          ${input.idList ? sql`and o.id = any(${bigintArray(input.idList)})` : sql``}
        group by o.warehouse_id order by o.warehouse_id`);
      const warehouseIds = rows.rows.map((r) => Number(r.warehouse_id));
      const orderCount = rows.rows.reduce((s, r) => s + Number(r.n), 0);
      if (!warehouseIds.length || !deps.jobs) return { orderCount, warehouseIds, queued: false };
      await deps.jobs.send(FETCH_SHIPMENTS_JOB, { domainId, warehouseIds });
      return { orderCount, warehouseIds, queued: true };
    },

    /** The job: each warehouse's sales-order results, booked by the shipping part's handler. */
    async run(domainId: number, warehouseIds: number[]): Promise<number> {
      const systems = deps.registry.find<WarehouseSystemsService>('warehouse-systems');
      if (!systems) return 0;
      let booked = 0;
      for (const warehouseId of warehouseIds) {
        const summary = await systems.pollResults(domainId, warehouseId, 'SO');
        booked += summary.booked;
      }
      return booked;
    },
  };
}
