// The code a person knows a record by (an order number, a goods code, a template's name, a
// express rule's carrier), shown in the log centre's record column instead of the internal id,
// and the way back from such a code to the records, for the record filter. Each kind of the
// catalogue has its rule here: a kind added without one does not compile.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { OperationLogEntityKind } from '@openseller/core';
import { qualified as q } from '../../db/columns.js';
import {
  afterSales,
  purchaseOrders,
  purchaseReturns,
  financePayables,
  financePayments,
  reconciliations,
  asnHeaders,
  domainExpressCompanies,
  domains,
  erpOrders,
  expressRules,
  expressStopTemplates,
  freightTemplates,
  expressReconciliations,

  operationLogs,
  orderImportTemplates,
  printTemplates,
  promotions,
  roles,
  shippingFeedbacks,
  skuClasses,
  skus,
  spus,
  stockBalances,
  stockChecks,
  stockSyncRules,
  stores,
  suppliers,
  liveAnchors,
  liveSessions,
  supplyGoods,
  tbSkus,
  transferOrders,
  users,
  warehouseLocations,
  warehouses,
  waybillAccounts,
  waybillAccountShares,
  lastExpressNos,
  wdoHeaders,
  rmaHeaders,
  rmaParcels,
  rmaReasons,
} from '../../db/schema/index.js';

interface RecordCodeRule {
  /** The record's code for the entry being read (a scalar subquery); null: entries about no single record. */
  show: SQL | null;
  /** The entity id is the code itself. */
  own?: true;
  /** The entity ids of this kind's records of a domain known by a code, as a query. */
  find?: (domainId: number, code: string) => SQL;
}

type DomainTable = PgTable & { id: AnyPgColumn; domainId: AnyPgColumn };

const entityId = q(operationLogs.entityId);
const entryDomain = q(operationLogs.domainId);
/** The entry's record id as a number, when it is one (a few kinds keep a code there). */
const numericId = sql`(case when ${entityId} ~ '^[0-9]{1,18}$' then ${entityId}::bigint end)`;

/** A record of `table`, by id in the entry's domain, known by `column`. */
function byId(table: DomainTable, column: AnyPgColumn): RecordCodeRule {
  return {
    show: sql`(select ${q(column)} from ${table} where ${q(table.domainId)} = ${entryDomain} and ${q(table.id)} = ${numericId})`,
    find: (domainId, code) => sql`select ${q(table.id)}::text from ${table} where ${q(table.domainId)} = ${domainId} and ${q(column)} = ${code}`,
  };
}

/** Kinds whose entity_id is itself the code. */
const ownCode: RecordCodeRule = { show: entityId, own: true };

export const RECORD_CODES: Record<OperationLogEntityKind, RecordCodeRule> = {
  user: byId(users, users.loginName),
  role: byId(roles, roles.roleName),
  domain: {
    show: sql`(select ${q(domains.code)} from ${domains} where ${q(domains.id)} = ${entryDomain} and ${q(domains.id)} = ${numericId})`,
  },
  domainSetting: ownCode,
  // The automatic-review rule is one per domain, logged under the domain's id.
  autoVerifyRule: {
    show: sql`(select ${q(domains.code)} from ${domains} where ${q(domains.id)} = ${entryDomain} and ${q(domains.id)} = ${numericId})`,
  },
  store: byId(stores, stores.name),
  tbSku: {
    show: sql`(select coalesce(${q(tbSkus.outerSkuId)}, ${q(tbSkus.tbSkuId)}) from ${tbSkus} where ${q(tbSkus.domainId)} = ${entryDomain} and ${q(tbSkus.id)} = ${numericId})`,
    find: (domainId, code) => sql`select ${q(tbSkus.id)}::text from ${tbSkus} where ${q(tbSkus.domainId)} = ${domainId} and (${q(tbSkus.outerSkuId)} = ${code} or ${q(tbSkus.tbSkuId)} = ${code})`,
  },
  promotion: byId(promotions, promotions.name),
  spu: byId(spus, spus.code),
  sku: byId(skus, skus.code),
  class: byId(skuClasses, skuClasses.name),
  erp_order: byId(erpOrders, erpOrders.code),
  // A refresh of the whole domain's stock-out flags.
  erp_order_stock_out: { show: null },
  shipping_feedback: {
    // One entry for several feedbacks: their platform order numbers.
    show: sql`(select string_agg(${q(shippingFeedbacks.platformNo)}, ',' order by ${q(shippingFeedbacks.id)}) from ${shippingFeedbacks}
                where ${q(shippingFeedbacks.domainId)} = ${entryDomain} and ${q(shippingFeedbacks.id)}::text = any(string_to_array(${entityId}, ',')))`,
  },
  order_import_template: byId(orderImportTemplates, orderImportTemplates.name),
  printTemplate: byId(printTemplates, printTemplates.name),
  waybillAccount: byId(waybillAccounts, waybillAccounts.name),
  waybillShare: {
    show: sql`(select ${q(waybillAccounts.name)} from ${waybillAccountShares} join ${waybillAccounts} on ${q(waybillAccounts.id)} = ${q(waybillAccountShares.accountId)}
                where ${q(waybillAccountShares.domainId)} = ${entryDomain} and ${q(waybillAccountShares.id)} = ${numericId})`,
  },
  lastExpressNo: byId(lastExpressNos, lastExpressNos.expressCompanyCode),
  expressCompany: byId(domainExpressCompanies, domainExpressCompanies.code),
  // A express rule has no name: the carrier it chooses.
  expressRule: byId(expressRules, expressRules.expressCompanyCode),
  // The domain's one order of rule types.
  expressRulePriority: { show: null },
  expressStopTemplate: byId(expressStopTemplates, expressStopTemplates.name),
  freightTemplate: byId(freightTemplates, freightTemplates.name),
  expressReconciliation: byId(expressReconciliations, expressReconciliations.name),
  whExpress: byId(warehouses, warehouses.code),
  warehouse: byId(warehouses, warehouses.code),
  location: byId(warehouseLocations, warehouseLocations.code),
  supplier: byId(suppliers, suppliers.code),
  liveSession: byId(liveSessions, liveSessions.liveName),
  liveAnchor: byId(liveAnchors, liveAnchors.name),
  supplyGoods: {
    show: sql`(select ${q(suppliers.code)} || ' · ' || ${q(skus.code)} from ${supplyGoods}
                join ${suppliers} on ${q(suppliers.id)} = ${q(supplyGoods.supplierId)} join ${skus} on ${q(skus.id)} = ${q(supplyGoods.skuId)}
                where ${q(supplyGoods.domainId)} = ${entryDomain} and ${q(supplyGoods.id)} = ${numericId})`,
  },
  asn: byId(asnHeaders, asnHeaders.code),
  wdo: byId(wdoHeaders, wdoHeaders.code),
  rma: byId(rmaHeaders, rmaHeaders.code),
  rmaReason: byId(rmaReasons, rmaReasons.reason),
  rmaParcel: byId(rmaParcels, rmaParcels.expressNo),
  afterSale: byId(afterSales, afterSales.code),
  purchaseOrder: byId(purchaseOrders, purchaseOrders.code),
  purchaseReturn: byId(purchaseReturns, purchaseReturns.code),
  payable: byId(financePayables, financePayables.code),
  payment: byId(financePayments, financePayments.code),
  reconciliation: byId(reconciliations, reconciliations.orderNo),
  transfer: byId(transferOrders, transferOrders.code),
  stockCheck: byId(stockChecks, stockChecks.code),
  openingInventory: ownCode,
  productDate: {
    // The stock (warehouse and SKU) whose product dates changed.
    show: sql`(select ${q(warehouses.code)} || ' · ' || ${q(skus.code)} from ${stockBalances}
                join ${warehouses} on ${q(warehouses.id)} = ${q(stockBalances.warehouseId)} join ${skus} on ${q(skus.id)} = ${q(stockBalances.skuId)}
                where ${q(stockBalances.domainId)} = ${entryDomain} and ${q(stockBalances.id)} = ${numericId})`,
  },
  stockWarning: {
    // entity_id is "warehouseId:skuId".
    show: sql`(select ${q(warehouses.code)} || ' · ' || ${q(skus.code)} from ${warehouses}, ${skus}
                where ${q(warehouses.domainId)} = ${entryDomain} and ${q(skus.domainId)} = ${entryDomain}
                  and ${q(warehouses.id)}::text = split_part(${entityId}, ':', 1) and ${q(skus.id)}::text = split_part(${entityId}, ':', 2))`,
  },
  averageCostAdjustment: ownCode,
  stockSyncRule: {
    // The store whose stock the rule pushes.
    show: sql`(select ${q(stores.name)} from ${stockSyncRules} join ${stores} on ${q(stores.id)} = ${q(stockSyncRules.storeId)}
                where ${q(stockSyncRules.domainId)} = ${entryDomain} and ${q(stockSyncRules.id)} = ${numericId})`,
  },
};

/** A catalogue word as an SQL literal (kinds and keys are letters and underscores only). */
function literal(word: string): SQL {
  if (!/^[A-Za-z_]+$/.test(word)) throw new Error(`not a catalogue word: ${word}`);
  return sql.raw(`'${word}'`);
}

/** Keys of an entry's before/after that name its record, for a record deleted since. */
const REMEMBERED_CODE_KEYS = ['code', 'name', 'loginName', 'roleName', 'expressCompanyCode'];

/** The record column of an entry: its record's code now, else the code the entry remembers, else its id. */
export function recordCodeOf(): SQL<string | null> {
  const kind = q(operationLogs.entityType);
  const remembered = REMEMBERED_CODE_KEYS.flatMap((key) => [sql`${q(operationLogs.after)} ->> ${literal(key)}`, sql`${q(operationLogs.before)} ->> ${literal(key)}`]);
  const cases = Object.entries(RECORD_CODES).map(([k, rule]) =>
    rule.show ? sql`when ${literal(k)} then coalesce(${rule.show}, ${sql.join(remembered, sql`, `)}, ${entityId})` : sql`when ${literal(k)} then null`,
  );
  return sql<string | null>`(case ${kind} ${sql.join(cases, sql` `)} else ${entityId} end)`;
}

/** Entries about the records of a domain known by a code (any kind). */
export function entriesOfRecordCode(domainId: number, code: string): SQL {
  const kind = q(operationLogs.entityType);
  const parts = Object.entries(RECORD_CODES).flatMap(([k, rule]) => {
    if (rule.own) return [sql`(${kind} = ${k} and ${entityId} = ${code})`];
    if (rule.find) return [sql`(${kind} = ${k} and ${entityId} in (${rule.find(domainId, code)}))`];
    return [];
  });
  return sql`(${sql.join(parts, sql` or `)})`;
}
