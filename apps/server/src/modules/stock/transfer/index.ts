// Transfers between warehouses (spec 02 §3.6, §7.9; page /stocks/transfer). See README.md.
import { bigintArray } from '../../../platform/sql.js';
import { sql } from 'drizzle-orm';
import type { AreaModule } from '../../../platform/module.js';
import { SKU_REFERENCES } from '../../goods/index.js';
import { LOCATION_REFERENCES, WAREHOUSE_REFERENCES, type ReferenceChecker } from '../../warehouses/index.js';

import { registerOutboundMessages } from '../outbound/outbound.messages.js';
import { openTransfersOfWarehouses } from './transfer.queries.js';
import { registerTransferRoutes } from './transfer.routes.js';
import { createTransferService } from './transfer.service.js';

export { TRANSFER_AREA, TRANSFER_DOC_TYPE } from './transfer.service.js';

const counted = (rows: { rows: { n: number }[] }) => Number(rows.rows[0]?.n ?? 0);

export const registerTransferModule: AreaModule = (ctx) => {
  registerOutboundMessages();
  const service = createTransferService({ database: ctx.database, registry: ctx.registry, ...(ctx.now ? { now: ctx.now } : {}) });
  registerTransferRoutes(ctx.app, ctx.http, service);

  // A warehouse that open transfers ship from or to is not stopped.
  const openTransfers: ReferenceChecker = async (tx, domainId, ids) => [{ reason: 'open transfers', count: await openTransfersOfWarehouses(tx, domainId, ids) }];
  ctx.registry.add(WAREHOUSE_REFERENCES, openTransfers);
  // A location or SKU a transfer names is not deleted (the transfer's history names it).
  const locationUses: ReferenceChecker = async (tx, domainId, ids) => [
    {
      reason: 'transfers',
      count: counted(
        await tx.execute<{ n: number }>(sql`select count(*)::int as n from transfer_details
          where domain_id = ${domainId} and (out_location_id = any(${bigintArray(ids)}) or in_location_id = any(${bigintArray(ids)}))`),
      ),
    },
  ];
  ctx.registry.add(LOCATION_REFERENCES, locationUses);
  const skuUses: ReferenceChecker = async (tx, domainId, ids) => [
    { reason: 'transfers', count: counted(await tx.execute<{ n: number }>(sql`select count(*)::int as n from transfer_details where domain_id = ${domainId} and sku_id = any(${bigintArray(ids)})`)) },
  ];
  ctx.registry.add(SKU_REFERENCES, skuUses);
};
