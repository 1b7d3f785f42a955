// Factories of the after-sale tests: the return-inbound world (a seller, a self-run warehouse,
// SKUs in stock, a Taobao store) and a shipped order of it, and the calls' happy paths.
import type { TestApp } from '../harness.js';
import { buy, rmaWorld, shippedOrder, type RmaWorld } from './rma.js';

export type AfterSalesWorld = RmaWorld;

/** A seller with a shipped order of two lines: 3 of the first SKU at 30, 1 of the second at 30. */
export async function afterSalesWorld(t: TestApp) {
  const w = await rmaWorld(t);
  await buy(t, w, w.skuIds[0]!, 10, '10');
  await buy(t, w, w.skuIds[1]!, 10, '20');
  const order = await shippedOrder(t, w, [
    { skuId: w.skuIds[0]!, qty: 3 },
    { skuId: w.skuIds[1]!, qty: 1 },
  ]);
  return { w, order };
}

export async function createAfterSale(t: TestApp, token: string, input: Record<string, unknown>) {
  const answer = await t.call('/cloud/advance/afterSales/create', input, { token });
  if (!answer.body.success) throw new Error(`after-sale not created: ${JSON.stringify(answer.body)}`);
  return answer.body.data as any;
}

export async function getAfterSale(t: TestApp, token: string, id: number) {
  const answer = await t.call('/cloud/advance/afterSales/get', { id }, { token });
  if (!answer.body.success) throw new Error(`after-sale not read: ${JSON.stringify(answer.body)}`);
  return answer.body.data as any;
}

/** A decision on documents at their current versions; answers the batch result. */
export async function decide(t: TestApp, token: string, decision: string, docs: { id: number; version: number }[], extra: Record<string, unknown> = {}) {
  const answer = await t.call(`/cloud/advance/afterSales/${decision}`, { list: docs.map((d) => ({ id: d.id, version: d.version })), ...extra }, { token });
  if (!answer.body.success) throw new Error(`${decision} not answered: ${JSON.stringify(answer.body)}`);
  return answer.body.data as { succeeded: number[]; refusals: { id: number; code: string; message: string }[] };
}
