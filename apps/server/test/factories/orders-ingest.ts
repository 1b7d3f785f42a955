// Factories of the order-ingest tests: a signed-in seller with system SKUs, warehouses, an
// authorized sandbox store whose items carry the SKU codes as outer codes, a self-defined store
// with its secret, and signed posts to the HTTP ingest.
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PlatformOrderInput } from '@openseller/core';
import { skus, spus, warehouseStoreBindings } from '../../src/db/schema/index.js';
import { uniqueName, type TestApp } from '../harness.js';
import { anotherWarehouse } from './outbound.js';
import { authorizedSandboxStore, createStore } from './stores.js';

export interface IngestSeller {
  domainId: number;
  userId: number;
  loginName: string;
  password: string;
  token: string;
}

export async function ingestSeller(t: TestApp): Promise<IngestSeller> {
  const seller = await t.factories.sellerDomain({ level: 'PRO' });
  return { ...seller, token: await t.token(seller.loginName, seller.password) };
}

/** System SKUs (weight 0.5 kg each unless told) with unique codes. */
export async function ingestSkus(t: TestApp, domainId: number, count: number, weight = '0.500'): Promise<{ id: number; code: string }[]> {
  const code = uniqueName('SPU');
  const [spu] = await t.database.db.insert(spus).values({ domainId, code, name: `Goods ${code}`, hasSku: count > 1 }).returning();
  const rows = await t.database.db
    .insert(skus)
    .values(Array.from({ length: count }, (_, i) => ({ domainId, spuId: spu!.id, code: `${code}-${i + 1}`, name: `Goods ${code} #${i + 1}`, price: '10', weight })))
    .returning();
  return rows.map((r) => ({ id: r.id, code: r.code }));
}

export async function ingestWarehouse(t: TestApp, domainId: number): Promise<number> {
  return (await anotherWarehouse(t, domainId, 1)).warehouseId;
}

export async function bindWarehouse(t: TestApp, domainId: number, warehouseId: number, storeId: number): Promise<void> {
  await t.database.db.insert(warehouseStoreBindings).values({ domainId, warehouseId, storeId });
}

/** An authorized sandbox store with one item whose SKUs carry the given outer codes. */
export async function sandboxStoreSelling(t: TestApp, token: string, outerCodes: string[]): Promise<{ storeId: number; itemId: string }> {
  const store = await authorizedSandboxStore(t, token);
  const answer = await t.call<{ itemId: string }>(
    '/cloud/sandbox/console/saveItem',
    {
      storeId: store.id,
      title: 'Sandbox mug',
      skus: outerCodes.map((code, i) => ({ properties: `Colour:C${i + 1}`, outerSkuId: code, price: '20.00', quantity: 100 })),
    },
    { token },
  );
  if (!answer.body.success) throw new Error(`adding a sandbox item failed: ${JSON.stringify(answer.body)}`);
  return { storeId: store.id, itemId: answer.body.data.itemId };
}

export async function generateSandboxOrders(t: TestApp, token: string, storeId: number, count: number): Promise<string[]> {
  const answer = await t.call<{ orderNos: string[] }>('/cloud/sandbox/console/generateOrders', { storeId, count }, { token });
  if (!answer.body.success) throw new Error(`generating sandbox orders failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data.orderNos;
}

/** A self-defined store (type 3) and its secret. */
export async function selfDefinedStore(t: TestApp, token: string): Promise<{ storeId: number; secret: string }> {
  const store = await createStore(t, token, { storeType: 3 });
  const secret = await t.call<{ secretKey: string }>('/cloud/domain/store/revealSecret', { id: store.id }, { token });
  if (!secret.body.success) throw new Error(`revealing the secret failed: ${JSON.stringify(secret.body)}`);
  return { storeId: store.id, secret: secret.body.data.secretKey };
}

export function platformOrder(lines: { tbSkuId: string; outerSkuId?: string; qty?: number; price?: string }[], extra: Partial<PlatformOrderInput> = {}): PlatformOrderInput {
  return {
    platformNo: uniqueName('HTTP'),
    status: 'WAIT_SELLER_SEND_GOODS',
    buyerNick: 'buyer-1',
    receiver: { name: '李四', phone: '13900001111', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路 90 号' },
    postFee: '0',
    payTime: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    lines: lines.map((l) => ({ tbSkuId: l.tbSkuId, outerSkuId: l.outerSkuId, title: `Online ${l.tbSkuId}`, qty: l.qty ?? 1, price: l.price ?? '20' })),
    ...extra,
  } as PlatformOrderInput;
}

export interface SignedPost {
  status: number;
  body: { success: boolean; data: any; errorCode?: string; params?: Record<string, unknown> };
}

/** Posts orders to the HTTP ingest, signed with the secret (or as told). */
export async function postSigned(
  t: TestApp,
  store: { storeId: number; secret: string },
  orders: unknown,
  options: { nonce?: string; timestamp?: number; signature?: string; secret?: string } = {},
): Promise<SignedPost> {
  const body = JSON.stringify(orders);
  const timestamp = String(options.timestamp ?? Date.now());
  const nonce = options.nonce ?? randomBytes(8).toString('hex');
  const signature = options.signature ?? createHmac('sha256', options.secret ?? store.secret).update(`${timestamp}\n${nonce}\n${body}`).digest('hex');
  const answer = await fetch(`${t.baseUrl}/open/orders/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-store-id': String(store.storeId), 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-signature': signature },
    body,
  });
  return { status: answer.status, body: (await answer.json()) as SignedPost['body'] };
}

export async function ordersOfStore(t: TestApp, domainId: number, storeId: number) {
  const rows = await t.database.db.execute<Record<string, any>>(sql`select * from erp_orders where domain_id = ${domainId} and store_id = ${storeId} order by id`);
  return rows.rows;
}

export async function linesOf(t: TestApp, orderId: number) {
  const rows = await t.database.db.execute<Record<string, any>>(sql`select * from erp_order_lines where order_id = ${orderId} order by line_seq`);
  return rows.rows;
}
