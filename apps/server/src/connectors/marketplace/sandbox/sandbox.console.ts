// The sandbox marketplace seen from its own side: what a person does in the sandbox's console to
// make it behave like a busy marketplace — list items, take buyer orders and refunds, set its
// latency, failure rate, rate limit and token lifetime, force failures on the next calls, expire
// or revoke the tokens it issued — and what it received (the call log with stock and shipping
// pushes). The stores area checks that the store is a sandbox store of the caller's domain.
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  addDecimals,
  formatDecimal,
  multiplyDecimals,
  PLATFORM_SANDBOX,
  SANDBOX_ORDER_STATUSES,
  StoreErrors,
  type PageResult,
  type SandboxCallRow,
  type SandboxCallSearchInput,
  type SandboxForcedFailure,
  type SandboxItemRow,
  type SandboxOrderLine,
  type SandboxOrderRow,
  type SandboxOrderStatus,
  type SandboxPushFailure,
  type SandboxRefundStatus,
  type SandboxRefundType,
  type SandboxReturnGoodsInput,
  type SandboxShopView,
  type SandboxSkuInput,
} from '@openseller/core';
import type { Db, Tx } from '../../../db/client.js';
import { sandboxCalls, sandboxItemSkus, sandboxItems, sandboxOrders, sandboxRefunds, sandboxShops, sandboxTokens, users } from '../../../db/schema/index.js';
import { issueLoginCode, newLongCode } from '../../../platform/login-codes.js';

/** How long a platform sign-in token the sandbox hands over stays good. */
export const PLATFORM_TOKEN_TTL_SECONDS = 300;
import { AppError, versionConflict } from '../../../platform/errors.js';
import type { SandboxShop } from './sandbox.connector.js';
import type { SandboxPusher } from './sandbox.push.js';
import { pageOffset } from '../../../platform/paging.js';
import { idsIn, textsIn } from '../../../platform/sql.js';

const BUYERS = ['小明', '阿花', 'tom_lee', '星星', 'Lucy', '大熊', '晴天', 'mike88'];
const ADDRESSES = [
  { province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路 90 号 3 幢 402' },
  { province: '广东省', city: '深圳市', district: '南山区', address: '科技园南区 12 栋 1801' },
  { province: '上海市', city: '上海市', district: '浦东新区', address: '张杨路 500 号 7 楼' },
  { province: '北京市', city: '北京市', district: '朝阳区', address: '望京街 10 号院 2 号楼 606' },
  { province: '四川省', city: '成都市', district: '武侯区', address: '天府大道中段 666 号' },
];

const sandboxNotFound = (what: string, key: string) => new AppError(StoreErrors.SANDBOX_NOT_FOUND, 404, { what, key, field: what === 'item' ? 'itemId' : 'orderNo' });

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}

export interface SandboxItemSave {
  storeId: number;
  itemId?: string;
  title: string;
  outerId?: string;
  picUrl?: string;
  status: 'onsale' | 'instock';
  skus: (Omit<SandboxSkuInput, 'price'> & { price: string })[];
}

export function createSandboxConsole(deps: { db: Db; now?: () => Date; pusher?: SandboxPusher }) {
  const { db } = deps;
  /** After a change committed: the shop pushes its order messages (when it does). */
  const pushed = (shop: SandboxShop, orderNos: string[], event: string, at: Date) => deps.pusher?.orderChanged(shop, orderNos.map((orderNo) => ({ orderNo, event, updatedAt: at })));
  const now = deps.now ?? (() => new Date());

  async function shopOrFail(tx: Tx, domainId: number, storeId: number, lock = false): Promise<SandboxShop> {
    const query = tx
      .select()
      .from(sandboxShops)
      .where(and(eq(sandboxShops.domainId, domainId), eq(sandboxShops.storeId, storeId)));
    const [shop] = lock ? await query.for('update') : await query;
    if (!shop) throw new AppError(StoreErrors.NOT_SANDBOX, 400, { field: 'storeId' });
    return shop;
  }

  const iso = (d: Date | null) => (d ? d.toISOString() : null);

  return {
    /** The shop of a sandbox store, opened when the store is created. */
    async ensureShop(tx: Tx, domainId: number, storeId: number): Promise<SandboxShop> {
      const [existing] = await tx
        .select()
        .from(sandboxShops)
        .where(and(eq(sandboxShops.domainId, domainId), eq(sandboxShops.storeId, storeId)));
      if (existing) return existing;
      const [shop] = await tx
        .insert(sandboxShops)
        .values({ domainId, storeId, shopKey: `sbx_${randomBytes(9).toString('hex')}`, createdAt: now(), updatedAt: now() })
        .returning();
      return shop!;
    },

    /**
     * The seller opens OpenSeller from the sandbox's seller centre: the sandbox hands over a
     * platform token (single use, 5 minutes) that login/byPlatformToken exchanges for a sign-in of
     * the domain's main account.
     */
    async issueLoginToken(domainId: number, storeId: number): Promise<{ platformToken: string; platformType: string; expiresAt: string }> {
      await shopOrFail(db, domainId, storeId);
      const [main] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.domainId, domainId), eq(users.accountType, 'MAIN_ACCOUNT_TYPE'), eq(users.status, 'OPEN')))
        .orderBy(asc(users.id))
        .limit(1);
      if (!main) throw new AppError(StoreErrors.NOT_SANDBOX, 400, { field: 'storeId' });
      const platformToken = newLongCode();
      const expiresAt = new Date(now().getTime() + PLATFORM_TOKEN_TTL_SECONDS * 1000);
      await issueLoginCode(db, { kind: 'PLATFORM', code: platformToken, userId: main.id, domainId, expiresAt, createdBy: null, note: `${PLATFORM_SANDBOX}:${storeId}` });
      return { platformToken, platformType: PLATFORM_SANDBOX, expiresAt: expiresAt.toISOString() };
    },

    async view(domainId: number, storeId: number): Promise<SandboxShopView> {
      const shop = await shopOrFail(db, domainId, storeId);
      const [[items], [orders], [refunds], [token]] = await Promise.all([
        db.select({ n: count() }).from(sandboxItems).where(and(eq(sandboxItems.domainId, shop.domainId), eq(sandboxItems.shopId, shop.id))),
        db.select({ n: count() }).from(sandboxOrders).where(and(eq(sandboxOrders.domainId, shop.domainId), eq(sandboxOrders.shopId, shop.id))),
        db.select({ n: count() }).from(sandboxRefunds).where(and(eq(sandboxRefunds.domainId, shop.domainId), eq(sandboxRefunds.shopId, shop.id))),
        db
          .select({ expiresAt: sandboxTokens.expiresAt })
          .from(sandboxTokens)
          .where(and(and(eq(sandboxTokens.domainId, shop.domainId), eq(sandboxTokens.shopId, shop.id)), isNull(sandboxTokens.revokedAt)))
          .orderBy(desc(sandboxTokens.id))
          .limit(1),
      ]);
      return {
        storeId,
        shopKey: shop.shopKey,
        version: shop.version,
        failureRate: Number(shop.failureRate),
        latencyMs: shop.latencyMs,
        tokenLifetimeSeconds: shop.tokenLifetimeSeconds,
        rateLimitPerMinute: shop.rateLimitPerMinute,
        shipByHours: shop.shipByHours,
        forcedFailures: shop.forcedFailures as SandboxForcedFailure[],
        pushMessages: shop.pushMessages,
        pushFailures: shop.pushFailures as SandboxPushFailure[],
        callCount: shop.callCount,
        tokenExpiresAt: iso(token?.expiresAt ?? null),
        itemCount: Number(items?.n ?? 0),
        orderCount: Number(orders?.n ?? 0),
        refundCount: Number(refunds?.n ?? 0),
      };
    },

    async updateSettings(
      domainId: number,
      input: {
        storeId: number;
        version: number;
        failureRate: number;
        latencyMs: number;
        tokenLifetimeSeconds: number;
        rateLimitPerMinute: number | null;
        shipByHours?: number | undefined;
        pushMessages?: boolean | undefined;
        pushFailures?: SandboxPushFailure[] | undefined;
      },
    ): Promise<void> {
      const updated = await db
        .update(sandboxShops)
        .set({
          failureRate: input.failureRate.toFixed(2),
          latencyMs: input.latencyMs,
          tokenLifetimeSeconds: input.tokenLifetimeSeconds,
          rateLimitPerMinute: input.rateLimitPerMinute,
          ...(input.shipByHours === undefined ? {} : { shipByHours: input.shipByHours }),
          ...(input.pushMessages === undefined ? {} : { pushMessages: input.pushMessages }),
          ...(input.pushFailures === undefined ? {} : { pushFailures: input.pushFailures }),
          version: sql`${sandboxShops.version} + 1`,
          updatedAt: now(),
        })
        .where(and(eq(sandboxShops.domainId, domainId), eq(sandboxShops.storeId, input.storeId), eq(sandboxShops.version, input.version)))
        .returning({ id: sandboxShops.id });
      if (!updated.length) {
        await shopOrFail(db, domainId, input.storeId);
        throw versionConflict('sandboxShop');
      }
    },

    /** Queues failures for the next calls (in order; an operation-bound one waits for its call). */
    async forceFailures(domainId: number, storeId: number, failures: SandboxForcedFailure[]): Promise<void> {
      await db.transaction(async (tx) => {
        const shop = await shopOrFail(tx, domainId, storeId, true);
        const queued = [...(shop.forcedFailures as SandboxForcedFailure[]), ...failures].slice(-50);
        await tx.update(sandboxShops).set({ forcedFailures: queued, updatedAt: now() }).where(and(eq(sandboxShops.domainId, shop.domainId), eq(sandboxShops.id, shop.id)));
      });
    },

    async clearFailures(domainId: number, storeId: number): Promise<void> {
      const shop = await shopOrFail(db, domainId, storeId);
      await db.update(sandboxShops).set({ forcedFailures: [], updatedAt: now() }).where(and(eq(sandboxShops.domainId, shop.domainId), eq(sandboxShops.id, shop.id)));
    },

    /** The access tokens end now; their refresh tokens still work. */
    async expireAccessTokens(domainId: number, storeId: number): Promise<number> {
      const shop = await shopOrFail(db, domainId, storeId);
      const rows = await db
        .update(sandboxTokens)
        .set({ expiresAt: now() })
        .where(and(and(eq(sandboxTokens.domainId, shop.domainId), eq(sandboxTokens.shopId, shop.id)), isNull(sandboxTokens.revokedAt)))
        .returning({ id: sandboxTokens.id });
      return rows.length;
    },

    /** The seller withdrew the authorization: access and refresh tokens stop working. */
    async revokeTokens(domainId: number, storeId: number): Promise<number> {
      const shop = await shopOrFail(db, domainId, storeId);
      const rows = await db
        .update(sandboxTokens)
        .set({ revokedAt: now() })
        .where(and(and(eq(sandboxTokens.domainId, shop.domainId), eq(sandboxTokens.shopId, shop.id)), isNull(sandboxTokens.revokedAt)))
        .returning({ id: sandboxTokens.id });
      return rows.length;
    },

    async listItems(domainId: number, storeId: number, page: { currentPage: number; pageSize: number }): Promise<PageResult<SandboxItemRow>> {
      const shop = await shopOrFail(db, domainId, storeId);
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(sandboxItems).where(and(eq(sandboxItems.domainId, shop.domainId), eq(sandboxItems.shopId, shop.id)));
      const items = await db
        .select()
        .from(sandboxItems)
        .where(and(eq(sandboxItems.domainId, shop.domainId), eq(sandboxItems.shopId, shop.id)))
        .orderBy(desc(sandboxItems.id))
        .limit(page.pageSize)
        .offset(pageOffset(page));
      const skus = items.length
        ? await db
            .select()
            .from(sandboxItemSkus)
            .where(and(eq(sandboxItemSkus.domainId, shop.domainId), idsIn(sandboxItemSkus.itemRowId, items.map((i) => i.id))))
            .orderBy(asc(sandboxItemSkus.sortIndex), asc(sandboxItemSkus.id))
        : [];
      return {
        total: Number(n),
        currentPage: page.currentPage,
        pageSize: page.pageSize,
        voList: items.map((item) => ({
          itemId: item.itemId,
          title: item.title,
          outerId: item.outerId,
          picUrl: item.picUrl,
          status: item.status,
          updatedAt: item.updatedAt.toISOString(),
          skus: skus
            .filter((s) => s.itemRowId === item.id)
            .map((s) => ({ skuId: s.skuId, properties: s.properties, outerSkuId: s.outerSkuId, price: s.price, quantity: s.quantity })),
        })),
      };
    },

    /** Adds an item, or replaces the item with this id (its SKUs too). */
    async saveItem(domainId: number, input: SandboxItemSave): Promise<{ itemId: string }> {
      return db.transaction(async (tx) => {
        const shop = await shopOrFail(tx, domainId, input.storeId, true);
        const at = now();
        let seq = shop.itemSeq;
        const nextId = (prefix: string) => `${prefix}${shop.id}${String(++seq).padStart(5, '0')}`;
        const itemId = input.itemId ?? nextId('SBI');
        const [existing] = await tx
          .select()
          .from(sandboxItems)
          .where(and(and(eq(sandboxItems.domainId, shop.domainId), eq(sandboxItems.shopId, shop.id)), eq(sandboxItems.itemId, itemId)));
        let itemRowId: number;
        if (existing) {
          await tx
            .update(sandboxItems)
            .set({ title: input.title, outerId: input.outerId ?? null, picUrl: input.picUrl ?? null, status: input.status, updatedAt: at })
            .where(and(eq(sandboxItems.domainId, existing.domainId), eq(sandboxItems.id, existing.id)));
          itemRowId = existing.id;
        } else {
          const [row] = await tx
            .insert(sandboxItems)
            .values({ domainId, shopId: shop.id, itemId, title: input.title, outerId: input.outerId ?? null, picUrl: input.picUrl ?? null, status: input.status, createdAt: at, updatedAt: at })
            .returning({ id: sandboxItems.id });
          itemRowId = row!.id;
        }
        const skuIds = input.skus.map((s) => s.skuId ?? nextId('SBS'));
        const duplicate = skuIds.find((id, i) => skuIds.indexOf(id) !== i);
        if (duplicate) throw new AppError(StoreErrors.SANDBOX_ITEM_EXISTS, 409, { field: 'skus', key: duplicate });
        // A SKU id belongs to one item of the shop.
        const taken = await tx
          .select({ skuId: sandboxItemSkus.skuId, itemRowId: sandboxItemSkus.itemRowId })
          .from(sandboxItemSkus)
          .where(and(eq(sandboxItemSkus.domainId, shop.domainId), eq(sandboxItemSkus.shopId, shop.id), textsIn(sandboxItemSkus.skuId, skuIds)));
        const clash = taken.find((t) => t.itemRowId !== itemRowId);
        if (clash) throw new AppError(StoreErrors.SANDBOX_ITEM_EXISTS, 409, { field: 'skus', key: clash.skuId });
        await tx.delete(sandboxItemSkus).where(and(eq(sandboxItemSkus.domainId, shop.domainId), eq(sandboxItemSkus.itemRowId, itemRowId)));
        await tx.insert(sandboxItemSkus).values(
          input.skus.map((s, i) => ({
            domainId,
            shopId: shop.id,
            itemRowId,
            skuId: skuIds[i]!,
            properties: s.properties ?? null,
            outerSkuId: s.outerSkuId ?? null,
            price: s.price,
            quantity: s.quantity,
            sortIndex: i,
            updatedAt: at,
          })),
        );
        await tx.update(sandboxShops).set({ itemSeq: seq }).where(and(eq(sandboxShops.domainId, shop.domainId), eq(sandboxShops.id, shop.id)));
        return { itemId };
      });
    },

    async deleteItem(domainId: number, storeId: number, itemId: string): Promise<void> {
      const shop = await shopOrFail(db, domainId, storeId);
      const rows = await db
        .delete(sandboxItems)
        .where(and(and(eq(sandboxItems.domainId, shop.domainId), eq(sandboxItems.shopId, shop.id)), eq(sandboxItems.itemId, itemId)))
        .returning({ id: sandboxItems.id });
      if (!rows.length) throw sandboxNotFound('item', itemId);
    },

    /**
     * Buyers place orders of the shop's items: 1 to 3 lines each, paid now, to ship within the
     * shop's ship-by hours (or the hours given; negative hours make orders already past their
     * latest ship time, for tests of the overdue warning).
     */
    async generateOrders(domainId: number, storeId: number, howMany: number, shipByHours?: number): Promise<{ orderNos: string[] }> {
      const done = await db.transaction(async (tx) => {
        const shop = await shopOrFail(tx, domainId, storeId, true);
        const skus = await tx
          .select({ sku: sandboxItemSkus, item: sandboxItems })
          .from(sandboxItemSkus)
          .innerJoin(sandboxItems, and(eq(sandboxItems.id, sandboxItemSkus.itemRowId), eq(sandboxItems.domainId, sandboxItemSkus.domainId)))
          .where(and(and(eq(sandboxItemSkus.domainId, shop.domainId), eq(sandboxItemSkus.shopId, shop.id)), eq(sandboxItems.status, 'onsale')));
        if (!skus.length) throw new AppError(StoreErrors.SANDBOX_EMPTY_CATALOGUE, 400, { field: 'count' });
        const at = now();
        const lastShipTime = new Date(at.getTime() + (shipByHours ?? shop.shipByHours) * 3_600_000);
        const day = at.toISOString().slice(0, 10).replaceAll('-', '');
        let seq = shop.orderSeq;
        const orderNos: string[] = [];
        const rows = [];
        for (let n = 0; n < howMany; n++) {
          const orderNo = `SBX${day}${shop.id}${String(++seq).padStart(6, '0')}`;
          const chosen = [...skus].sort(() => Math.random() - 0.5).slice(0, 1 + Math.floor(Math.random() * Math.min(3, skus.length)));
          const lines: SandboxOrderLine[] = chosen.map(({ sku, item }) => ({
            itemId: item.itemId,
            skuId: sku.skuId,
            outerSkuId: sku.outerSkuId,
            title: item.title,
            properties: sku.properties,
            qty: 1 + Math.floor(Math.random() * 3),
            price: sku.price,
          }));
          const postFee = Math.random() < 0.5 ? '0.0000' : '8.0000';
          const goods = lines.reduce((sum, l) => addDecimals(sum, multiplyDecimals(l.price, l.qty)), addDecimals(0, 0));
          const address = pick(ADDRESSES);
          const buyer = pick(BUYERS);
          orderNos.push(orderNo);
          rows.push({
            domainId,
            shopId: shop.id,
            orderNo,
            status: 'WAIT_SELLER_SEND_GOODS',
            buyerNick: buyer,
            receiverName: buyer,
            receiverPhone: `138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
            receiverProvince: address.province,
            receiverCity: address.city,
            receiverDistrict: address.district,
            receiverAddress: address.address,
            amount: formatDecimal(addDecimals(goods, postFee), 4),
            postFee,
            lines,
            payTime: at,
            lastShipTime,
            createdAt: at,
            updatedAt: at,
          });
        }
        await tx.insert(sandboxOrders).values(rows);
        await tx.update(sandboxShops).set({ orderSeq: seq }).where(and(eq(sandboxShops.domainId, shop.domainId), eq(sandboxShops.id, shop.id)));
        return { orderNos, shop, at };
      });
      pushed(done.shop, done.orderNos, 'ORDER_CREATED', done.at);
      return { orderNos: done.orderNos };
    },

    /** The buyer closes an unshipped order (a later pull sees it changed). */
    async closeOrder(domainId: number, storeId: number, orderNo: string): Promise<void> {
      await setOrderStatus(domainId, storeId, orderNo, 'TRADE_CLOSED', ['WAIT_SELLER_SEND_GOODS']);
    },

    /**
     * The marketplace's risk control holds an unshipped order (riskControlled) or releases it; a
     * later pull carries the change to the ERP order. Setting what is already set changes nothing.
     */
    async setRiskControl(domainId: number, storeId: number, orderNo: string, riskControlled: boolean): Promise<void> {
      await changeOrder(domainId, storeId, orderNo, riskControlled ? ['WAIT_SELLER_SEND_GOODS'] : [...SANDBOX_ORDER_STATUSES], (order) =>
        order.riskControlled === riskControlled ? null : { riskControlled },
      );
    },

    /** The marketplace moves an unshipped order's latest ship time (a later pull carries it). */
    async setLastShipTime(domainId: number, storeId: number, orderNo: string, lastShipTime: Date): Promise<void> {
      await changeOrder(domainId, storeId, orderNo, ['WAIT_SELLER_SEND_GOODS'], (order) => (order.lastShipTime?.getTime() === lastShipTime.getTime() ? null : { lastShipTime }));
    },

    /** The buyer confirms receipt of a shipped order. */
    async finishOrder(domainId: number, storeId: number, orderNo: string): Promise<void> {
      await setOrderStatus(domainId, storeId, orderNo, 'TRADE_FINISHED', ['WAIT_BUYER_CONFIRM_GOODS']);
    },

    /**
     * The buyer asks for a refund of the whole order, a return and refund, or an exchange (the
     * goods of a shipped order back). One open request per order at a time.
     */
    async createRefund(domainId: number, storeId: number, orderNo: string, reason?: string, type: SandboxRefundType = 'REFUND_ONLY'): Promise<{ refundId: string }> {
      return db.transaction(async (tx) => {
        const shop = await shopOrFail(tx, domainId, storeId, true);
        const [order] = await tx
          .select()
          .from(sandboxOrders)
          .where(and(and(eq(sandboxOrders.domainId, shop.domainId), eq(sandboxOrders.shopId, shop.id)), eq(sandboxOrders.orderNo, orderNo)));
        if (!order) throw sandboxNotFound('order', orderNo);
        if (type !== 'REFUND_ONLY' && order.status !== 'WAIT_BUYER_CONFIRM_GOODS' && order.status !== 'TRADE_FINISHED') {
          throw new AppError(StoreErrors.SANDBOX_ORDER_STATE, 409, { key: orderNo, field: 'orderNo', status: order.status });
        }
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(sandboxRefunds)
          .where(and(and(eq(sandboxRefunds.domainId, shop.domainId), eq(sandboxRefunds.shopId, shop.id)), eq(sandboxRefunds.orderNo, orderNo)));
        const refundId = `RF${orderNo}-${Number(n) + 1}`;
        const at = now();
        await tx.insert(sandboxRefunds).values({
          domainId,
          shopId: shop.id,
          refundId,
          orderNo,
          status: 'WAIT_SELLER_AGREE',
          type,
          reason: reason ?? null,
          refundFee: type === 'EXCHANGE' ? '0' : order.amount,
          lines: order.lines,
          createdAt: at,
          updatedAt: at,
        });
        return { refundId };
      });
    },

    /** The buyer sends the goods of an agreed return or exchange back. */
    async returnGoods(domainId: number, input: SandboxReturnGoodsInput): Promise<void> {
      await changeRefund(domainId, input.storeId, input.refundId, ['WAIT_BUYER_RETURN_GOODS'], {
        status: 'WAIT_SELLER_CONFIRM_GOODS',
        buyerExpressCompanyCode: input.expressCompanyCode ?? null,
        buyerExpressNo: input.expressNo,
      });
    },

    /** The buyer withdraws a request the seller has not finished. */
    async cancelRefund(domainId: number, storeId: number, refundId: string): Promise<void> {
      await changeRefund(domainId, storeId, refundId, ['WAIT_SELLER_AGREE', 'WAIT_BUYER_RETURN_GOODS', 'WAIT_SELLER_CONFIRM_GOODS'], { status: 'CLOSED' });
    },

    async listOrders(domainId: number, storeId: number, page: { currentPage: number; pageSize: number }): Promise<PageResult<SandboxOrderRow>> {
      const shop = await shopOrFail(db, domainId, storeId);
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(sandboxOrders).where(and(eq(sandboxOrders.domainId, shop.domainId), eq(sandboxOrders.shopId, shop.id)));
      const rows = await db
        .select()
        .from(sandboxOrders)
        .where(and(eq(sandboxOrders.domainId, shop.domainId), eq(sandboxOrders.shopId, shop.id)))
        .orderBy(desc(sandboxOrders.id))
        .limit(page.pageSize)
        .offset(pageOffset(page));
      return {
        total: Number(n),
        currentPage: page.currentPage,
        pageSize: page.pageSize,
        voList: rows.map((o) => ({
          orderNo: o.orderNo,
          status: o.status as SandboxOrderStatus,
          buyerNick: o.buyerNick,
          receiverName: o.receiverName,
          receiverPhone: o.receiverPhone,
          receiverProvince: o.receiverProvince,
          receiverCity: o.receiverCity,
          receiverDistrict: o.receiverDistrict,
          receiverAddress: o.receiverAddress,
          amount: o.amount,
          postFee: o.postFee,
          lines: o.lines as SandboxOrderLine[],
          payTime: o.payTime.toISOString(),
          expressCompanyCode: o.expressCompanyCode,
          expressNo: o.expressNo,
          shippedAt: iso(o.shippedAt),
          lastShipTime: iso(o.lastShipTime),
          riskControlled: o.riskControlled,
          createdAt: o.createdAt.toISOString(),
          updatedAt: o.updatedAt.toISOString(),
        })),
      };
    },

    async listRefunds(domainId: number, storeId: number, page: { currentPage: number; pageSize: number }) {
      const shop = await shopOrFail(db, domainId, storeId);
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(sandboxRefunds).where(and(eq(sandboxRefunds.domainId, shop.domainId), eq(sandboxRefunds.shopId, shop.id)));
      const rows = await db
        .select()
        .from(sandboxRefunds)
        .where(and(eq(sandboxRefunds.domainId, shop.domainId), eq(sandboxRefunds.shopId, shop.id)))
        .orderBy(desc(sandboxRefunds.id))
        .limit(page.pageSize)
        .offset(pageOffset(page));
      return {
        total: Number(n),
        currentPage: page.currentPage,
        pageSize: page.pageSize,
        voList: rows.map((r) => ({
          refundId: r.refundId,
          orderNo: r.orderNo,
          type: r.type as SandboxRefundType,
          status: r.status,
          buyerExpressNo: r.buyerExpressNo,
          reason: r.reason,
          refundFee: r.refundFee,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        })),
      };
    },

    async listCalls(domainId: number, input: SandboxCallSearchInput): Promise<PageResult<SandboxCallRow>> {
      const shop = await shopOrFail(db, domainId, input.storeId);
      const conditions = [and(eq(sandboxCalls.domainId, shop.domainId), eq(sandboxCalls.shopId, shop.id))];
      if (input.operation) conditions.push(eq(sandboxCalls.operation, input.operation));
      if (input.receivedOnly) conditions.push(textsIn(sandboxCalls.operation, ['pushStock', 'pushShippingFeedback']));
      const where = and(...conditions);
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(sandboxCalls).where(where);
      const rows = await db
        .select()
        .from(sandboxCalls)
        .where(where)
        .orderBy(desc(sandboxCalls.id))
        .limit(input.pageSize)
        .offset(pageOffset(input));
      return {
        total: Number(n),
        currentPage: input.currentPage,
        pageSize: input.pageSize,
        voList: rows.map((c) => ({
          id: c.id,
          operation: c.operation as SandboxCallRow['operation'],
          outcome: c.outcome as SandboxCallRow['outcome'],
          message: c.message,
          payload: c.payload,
          createdAt: c.createdAt.toISOString(),
        })),
      };
    },
  };

  async function changeRefund(domainId: number, storeId: number, refundId: string, from: SandboxRefundStatus[], set: Partial<typeof sandboxRefunds.$inferInsert>): Promise<void> {
    await db.transaction(async (tx) => {
      const shop = await shopOrFail(tx, domainId, storeId);
      const [refund] = await tx
        .select()
        .from(sandboxRefunds)
        .where(and(eq(sandboxRefunds.shopId, shop.id), eq(sandboxRefunds.refundId, refundId)))
        .for('update');
      if (!refund) throw new AppError(StoreErrors.SANDBOX_NOT_FOUND, 404, { what: 'refund', key: refundId, field: 'refundId' });
      if (!from.includes(refund.status as SandboxRefundStatus)) {
        throw new AppError(StoreErrors.SANDBOX_ORDER_STATE, 409, { key: refundId, field: 'refundId', status: refund.status });
      }
      await tx.update(sandboxRefunds).set({ ...set, updatedAt: now() }).where(eq(sandboxRefunds.id, refund.id));
    });
  }

  async function setOrderStatus(domainId: number, storeId: number, orderNo: string, status: SandboxOrderStatus, from: SandboxOrderStatus[]): Promise<void> {
    await changeOrder(domainId, storeId, orderNo, from, () => ({ status }));
  }

  /**
   * Changes one order of the shop in one of the `from` states (refused otherwise): `change` answers
   * the columns to set, or null for nothing to change (the order's update time then stays, so a
   * pull does not see it again).
   */
  async function changeOrder(
    domainId: number,
    storeId: number,
    orderNo: string,
    from: readonly SandboxOrderStatus[],
    change: (order: typeof sandboxOrders.$inferSelect) => Partial<typeof sandboxOrders.$inferInsert> | null,
  ): Promise<void> {
    const changed = await db.transaction(async (tx) => {
      const shop = await shopOrFail(tx, domainId, storeId);
      const [order] = await tx
        .select()
        .from(sandboxOrders)
        .where(and(and(eq(sandboxOrders.domainId, shop.domainId), eq(sandboxOrders.shopId, shop.id)), eq(sandboxOrders.orderNo, orderNo)))
        .for('update');
      if (!order) throw sandboxNotFound('order', orderNo);
      if (!from.includes(order.status as SandboxOrderStatus)) {
        throw new AppError(StoreErrors.SANDBOX_ORDER_STATE, 409, { key: orderNo, field: 'orderNo', status: order.status });
      }
      const set = change(order);
      if (!set) return null;
      const at = now();
      await tx.update(sandboxOrders).set({ ...set, updatedAt: at }).where(and(eq(sandboxOrders.domainId, order.domainId), eq(sandboxOrders.id, order.id)));
      return { shop, at };
    });
    if (changed) pushed(changed.shop, [orderNo], 'ORDER_CHANGED', changed.at);
  }
}

export type SandboxConsole = ReturnType<typeof createSandboxConsole>;
