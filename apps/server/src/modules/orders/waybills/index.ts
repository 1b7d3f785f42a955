// Orders area, part "waybills": waybill accounts, waybill numbers from the carrier connector
// (apps/server/src/connectors/carrier, sandbox carrier included) and paper waybill numbers.
import { registerCarriers } from '../../../connectors/carrier/index.js';
import { EXPRESS_COMPANY_REFERENCES, type ExpressReferenceChecker } from '../../express/index.js';
import type { ModuleContext } from '../../../platform/module.js';
import { and, count, eq } from 'drizzle-orm';
import { waybillAccounts } from '../../../db/schema/index.js';
import { registerWaybillMessages } from './waybills.messages.js';
import { registerWaybillRoutes } from './waybills.routes.js';
import { createWaybillsService } from './waybills.service.js';
import { createWaybillSharesService } from './waybill-shares.service.js';
import { textsIn } from '../../../platform/sql.js';

export { createWaybillsService, type WaybillsService } from './waybills.service.js';
export const WAYBILLS_SERVICE = 'waybills';

export function registerWaybills(ctx: ModuleContext): void {
  const carriers = registerCarriers(ctx);
  const service = createWaybillsService({ database: ctx.database, carriers: () => carriers, ...(ctx.now ? { now: ctx.now } : {}) });
  ctx.registry.provide(WAYBILLS_SERVICE, service);
  registerWaybillMessages();
  const shares = createWaybillSharesService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) });
  registerWaybillRoutes(ctx.app, ctx.http, service, shares);
  // A carrier with waybill accounts is not removed from the domain's list.
  const uses: ExpressReferenceChecker = async (tx, domainId, _ids, codes) => {
    if (!codes.length) return [];
    const [row] = await tx.select({ n: count() }).from(waybillAccounts).where(and(eq(waybillAccounts.domainId, domainId), textsIn(waybillAccounts.expressCompanyCode, codes)));
    return [{ reason: 'waybill accounts', count: Number(row?.n ?? 0) }];
  };
  ctx.registry.add(EXPRESS_COMPANY_REFERENCES, uses);
}
