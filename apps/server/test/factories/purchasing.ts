// Factories of the purchasing tests: a seller with a self-run warehouse (no locations), SKUs and a
// supplier, and purchase orders made through the API.
import { sql } from 'drizzle-orm';
import type { TestApp } from '../harness.js';
import { inboundWorld, supplierRow, type InboundWorld } from './inbound.js';

export interface PurchasingWorld extends InboundWorld {
  supplierId: number;
  supplierCode: string;
}

export async function purchasingWorld(t: TestApp, options: { tolerance?: string; locations?: number } = {}): Promise<PurchasingWorld> {
  const w = await inboundWorld(t, { locations: options.locations ?? 0 });
  const supplier = await supplierRow(t, w.domainId);
  if (options.tolerance) await t.database.db.execute(sql`update suppliers set receipt_tolerance = ${options.tolerance} where id = ${supplier.id}`);
  return { ...w, supplierId: supplier.id, supplierCode: supplier.code };
}

export const orderInput = (w: PurchasingWorld, lines: { skuCode: string; qty: number; price?: string | number | null }[], extra: Record<string, unknown> = {}) => ({
  supplierId: w.supplierId,
  whId: w.warehouseId,
  purchaseDetailDtoList: lines,
  ...extra,
});

export async function callOk(t: TestApp, token: string, path: string, body: Record<string, unknown>) {
  const answer = await t.call(`/cloud/purchase/purchase/${path}`, body, { token });
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data as any;
}

/** A verified order (create and submit, then verify): the view with its inbound notice. */
export async function verifiedOrder(t: TestApp, w: PurchasingWorld, lines: { skuCode: string; qty: number; price?: string | number | null }[], extra: Record<string, unknown> = {}) {
  const created = await callOk(t, w.token, 'createAndSubmit', orderInput(w, lines, extra));
  return callOk(t, w.token, 'verify', { id: created.order.id, version: created.order.version });
}
