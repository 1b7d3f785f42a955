// The after-sale import (kind afterSales, spec 02 §7.11 import): one row is one document of an
// order (by its code) for one of its goods (an order line's SKU code), loaded through the same
// creation as by hand (the return ≤ shipped bound and the refund cap hold), all or nothing.
import { idsIn, textsIn } from '../../platform/sql.js';
import { and, eq } from 'drizzle-orm';
import { AFTER_SALES_IMPORT_KIND, AfterSaleCreateInput, AfterSaleImportRow, GOODS_COME_BACK, SENDS_GOODS } from '@openseller/core';
import { erpOrderLines, erpOrders } from '../../db/schema/index.js';
import type { Importer, ImportContext, RowProblem } from '../../platform/imports.js';
import { problem, rowProblem, rowProblems, say } from '../../platform/import-problems.js';
import type { AfterSalesService } from './aftersales.service.js';

async function ordersOf(ctx: ImportContext, rows: AfterSaleImportRow[]) {
  const codes = [...new Set(rows.map((r) => r.orderCode))];
  const orders = codes.length
    ? await ctx.tx
        .select({ id: erpOrders.id, code: erpOrders.code })
        .from(erpOrders)
        .where(and(eq(erpOrders.domainId, ctx.domainId), textsIn(erpOrders.code, codes)))
    : [];
  const lines = orders.length
    ? await ctx.tx
        .select({ id: erpOrderLines.id, orderId: erpOrderLines.orderId, skuCode: erpOrderLines.skuCode, skuId: erpOrderLines.skuId })
        .from(erpOrderLines)
        .where(
          and(
            eq(erpOrderLines.domainId, ctx.domainId),
            idsIn(erpOrderLines.orderId,
              orders.map((o) => o.id),
            ),
          ),
        )
    : [];
  return { byCode: new Map(orders.map((o) => [o.code, o])), lines };
}

function lineOf(found: Awaited<ReturnType<typeof ordersOf>>, row: AfterSaleImportRow) {
  const order = found.byCode.get(row.orderCode);
  if (!order || !row.skuCode) return undefined;
  return found.lines.find((l) => l.orderId === order.id && l.skuCode === row.skuCode);
}

export function createAfterSalesImporter(service: () => AfterSalesService): Importer<AfterSaleImportRow> {
  return {
    kind: AFTER_SALES_IMPORT_KIND,
    access: { menu: 'MENU_AFTER_SALES' },
    maxRows: 5_000,
    sheetName: (language) => say(language, '售后单导入', 'After-sales'),
    columns: (language) => [
      { key: 'orderCode', header: say(language, '订单编号', 'Order code'), aliases: ['订单编号', '订单号', 'Order code'], required: true },
      { key: 'type', header: say(language, '售后类型', 'Type'), aliases: ['售后类型', 'Type'], required: true },
      { key: 'skuCode', header: say(language, '商品编码', 'SKU code'), aliases: ['商品编码', 'SKU code'] },
      { key: 'qty', header: say(language, '数量', 'Quantity'), aliases: ['数量', 'Quantity'] },
      { key: 'refundFee', header: say(language, '退款金额', 'Refund'), aliases: ['退款金额', 'Refund'] },
      { key: 'afterSalesReason', header: say(language, '售后原因', 'Reason'), aliases: ['售后原因', 'Reason'] },
      { key: 'remark', header: say(language, '备注', 'Remark'), aliases: ['备注', 'Remark'] },
    ],
    parseRow(values, language) {
      const parsed = AfterSaleImportRow.safeParse(values);
      if (!parsed.success) return { problems: rowProblems(parsed.error, language, values) };
      const row = parsed.data;
      const needsGoods = GOODS_COME_BACK.has(row.type) || SENDS_GOODS.has(row.type);
      if (needsGoods && (!row.skuCode || !row.qty)) return { problems: [problem(language, 'skuCode', 'GOODS_AND_QTY_NEEDED')] };
      if (row.type === 'REFUND_ONLY' && !row.refundFee && !(row.skuCode && row.qty)) return { problems: [problem(language, 'refundFee', 'REFUND_OR_GOODS_NEEDED')] };
      return { row };
    },
    async check(rows, ctx) {
      const found = await ordersOf(
        ctx,
        rows.map((r) => r.row),
      );
      const problems: RowProblem[] = [];
      for (const { rowNumber, row } of rows) {
        if (!found.byCode.has(row.orderCode)) problems.push(rowProblem(ctx.language, rowNumber, 'orderCode', 'ORDER_NOT_FOUND', { value: row.orderCode }));
        else if (row.skuCode && !lineOf(found, row))
          problems.push(rowProblem(ctx.language, rowNumber, 'skuCode', 'ORDER_HAS_NO_SKU', { order: row.orderCode, value: row.skuCode }));
      }
      return problems;
    },
    async load(rows, ctx, progress) {
      const found = await ordersOf(ctx, rows);
      let created = 0;
      for (const row of rows) {
        const order = found.byCode.get(row.orderCode)!;
        const line = lineOf(found, row);
        const input = AfterSaleCreateInput.parse({
          erpSoHId: order.id,
          type: row.type,
          refundFee: row.refundFee,
          afterSalesReason: row.afterSalesReason,
          remark: row.remark,
          returnDetailDtos: line && row.qty && row.type !== 'REISSUE' ? [{ erpSodId: line.id, skuNum: row.qty }] : [],
          exchangeDetailDtos: line?.skuId && row.qty && SENDS_GOODS.has(row.type) ? [{ skuId: line.skuId, skuNum: row.qty }] : [],
        });
        await service().createInTx(ctx.tx, ctx.session, input, 'IMPORT');
        created += 1;
        await progress(created);
      }
      return { created };
    },
  };
}
