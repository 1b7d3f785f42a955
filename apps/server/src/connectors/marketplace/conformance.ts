// The conformance suite every marketplace connector passes (issue 18 must-have 4): the sandbox,
// and each real connector against its local fake. It pulls orders by window and watermark as the
// order pull does (page after page, resuming from the last watermark after a failure) and checks:
// no order lost or repeated across pages and a window boundary longer than a day, a token expiring
// mid-pull (the pull fails TOKEN_EXPIRED, a refresh lets it resume), throttling, a timeout and a
// malformed answer (a retryable failure or a transparent retry, never a wrong page), an order
// changing between pages (still answered, only the changed one may come twice).
// Usage: describeMarketplaceConformance('taobao', async () => ({ connector, store, fake, close })).
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectorError, type MarketplaceConnector, type OrderPage, type StoreCredentials, type TimeWindow } from './connector.js';

/** What the suite makes the marketplace (or its fake) do. */
export interface FakeControl {
  /** Puts one buyer order on the marketplace per time, each last changed at that time; answers their platform numbers in the same order. */
  seedOrders(updatedAt: Date[]): Promise<string[]>;
  /** The store's current access token stops working (the refresh token still works). */
  expireToken(): Promise<void>;
  /** The next `count` calls are throttled. */
  throttleNext(count?: number): Promise<void>;
  /** The next `count` calls never answer (the caller's deadline ends them). */
  timeoutNext(count?: number): Promise<void>;
  /** The next `count` answers are broken (not the documented shape). */
  malformedNext(count?: number): Promise<void>;
  /** This order changes (its update time moves to now) right after the marketplace answered the next page. */
  changeOrderBetweenPages(platformNo: string): Promise<void>;
}

export interface ConformanceSubject {
  connector: MarketplaceConnector;
  /** An authorised store of the connector's marketplace. */
  store: StoreCredentials;
  fake: FakeControl;
  close(): Promise<void>;
}

const HOUR = 3_600_000;

/** Seeds `count` orders spread over the last `hours` hours (a few sharing one second), answers them and the window around them. */
async function seed(fake: FakeControl, count: number, hours: number) {
  const end = Date.now() - 5 * 60_000;
  const times = Array.from({ length: count }, (_, i) => new Date(end - Math.floor(((i + 1) * hours * HOUR) / (count + 1))));
  // Three orders changed in the same second: the watermark must tell them apart.
  if (count > 10) times[3] = times[4] = times[5] = new Date(Math.floor(times[4]!.getTime() / 1000) * 1000);
  const numbers = await fake.seedOrders(times);
  return { numbers, from: new Date(end - (hours + 1) * HOUR), to: new Date() };
}

interface PullLog {
  seen: string[];
  watermark: string | null;
  pages: number;
}

/** Pulls until the window is done, as the order pull does; answers what it saw. */
async function pullAll(connector: MarketplaceConnector, store: StoreCredentials, window: Omit<TimeWindow, 'watermark'>, log: PullLog = { seen: [], watermark: null, pages: 0 }, timeoutMs = 10_000) {
  for (;;) {
    const page: OrderPage = await connector.pullOrders(store, { ...window, watermark: log.watermark }, { timeoutMs });
    log.pages++;
    for (const o of page.orders) {
      log.seen.push(o.platformNo);
      expect(o.updatedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(window.from.getTime() / 1000) * 1000);
    }
    log.watermark = page.watermark;
    if (!page.hasMore || !page.orders.length) return log;
    if (log.pages > 500) throw new Error('the pull does not end');
  }
}

/** Pulls to the end, retrying (from the last watermark) a failure the check accepts. */
async function pullThrough(connector: MarketplaceConnector, store: StoreCredentials, window: Omit<TimeWindow, 'watermark'>, accept: (error: ConnectorError) => void, timeoutMs = 10_000) {
  const log: PullLog = { seen: [], watermark: null, pages: 0 };
  for (let tries = 0; ; tries++) {
    try {
      return await pullAll(connector, store, window, log, timeoutMs);
    } catch (error) {
      if (!(error instanceof ConnectorError) || tries > 5) throw error;
      accept(error);
    }
  }
}

const duplicates = (list: string[]) => list.filter((n, i) => list.indexOf(n) !== i);

export function describeMarketplaceConformance(name: string, make: () => Promise<ConformanceSubject>): void {
  describe(`marketplace connector conformance: ${name}`, () => {
    let subject: ConformanceSubject | null = null;
    const open = async () => (subject = await make());
    afterEach(async () => {
      await subject?.close();
      subject = null;
    });

    it('pages a window longer than a day without losing or repeating an order', async () => {
      const { connector, store, fake } = await open();
      const { numbers, from, to } = await seed(fake, 260, 30);
      const log = await pullAll(connector, store, { from, to, pageSize: 60 });
      expect(duplicates(log.seen)).toEqual([]);
      expect([...log.seen].sort()).toEqual([...numbers].sort());
      expect(log.pages).toBeGreaterThanOrEqual(4);
      // The window ends: another pull from the last watermark brings nothing new.
      const again = await connector.pullOrders(store, { from, to, pageSize: 60, watermark: log.watermark });
      expect(again.orders).toEqual([]);
      expect(again.hasMore).toBe(false);
    });

    it('answers only the orders changed inside the window', async () => {
      const { connector, store, fake } = await open();
      const inside = await seed(fake, 12, 2);
      await fake.seedOrders([new Date(inside.from.getTime() - 2 * HOUR)]);
      const log = await pullAll(connector, store, { from: inside.from, to: inside.to, pageSize: 5 });
      expect([...log.seen].sort()).toEqual([...inside.numbers].sort());
    });

    it('fails TOKEN_EXPIRED when the token ends mid-pull, and resumes after a refresh without loss', async () => {
      const { connector, store, fake } = await open();
      const { numbers, from, to } = await seed(fake, 60, 6);
      const log: PullLog = { seen: [], watermark: null, pages: 0 };
      const first = await connector.pullOrders(store, { from, to, pageSize: 20, watermark: null });
      log.seen.push(...first.orders.map((o) => o.platformNo));
      log.watermark = first.watermark;
      log.pages = 1;
      await fake.expireToken();
      const error = await connector.pullOrders(store, { from, to, pageSize: 20, watermark: log.watermark }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConnectorError);
      expect((error as ConnectorError).kind).toBe('TOKEN_EXPIRED');
      const grant = await connector.refreshToken(store);
      const refreshed: StoreCredentials = { ...store, accessToken: grant.accessToken, refreshToken: grant.refreshToken ?? store.refreshToken, tokenExpiresAt: grant.expiresAt };
      await pullAll(connector, refreshed, { from, to, pageSize: 20 }, log);
      expect(duplicates(log.seen)).toEqual([]);
      expect([...log.seen].sort()).toEqual([...numbers].sort());
    });

    it('rides out throttling: a transparent retry or RATE_LIMITED with a wait, then every order', async () => {
      const { connector, store, fake } = await open();
      const { numbers, from, to } = await seed(fake, 30, 3);
      await fake.throttleNext(1);
      const log = await pullThrough(connector, store, { from, to, pageSize: 10 }, (error) => {
        expect(error.kind).toBe('RATE_LIMITED');
        expect(error.retryable).toBe(true);
      });
      expect(duplicates(log.seen)).toEqual([]);
      expect([...log.seen].sort()).toEqual([...numbers].sort());
    });

    it('fails TIMEOUT when the marketplace does not answer in time, and resumes without loss', async () => {
      const { connector, store, fake } = await open();
      const { numbers, from, to } = await seed(fake, 30, 3);
      const first = await connector.pullOrders(store, { from, to, pageSize: 10, watermark: null });
      await fake.timeoutNext(1);
      const started = Date.now();
      const error = await connector.pullOrders(store, { from, to, pageSize: 10, watermark: first.watermark }, { timeoutMs: 400 }).then(
        () => null,
        (e: unknown) => e,
      );
      expect((error as ConnectorError).kind).toBe('TIMEOUT');
      expect(Date.now() - started).toBeLessThan(5_000);
      const log = await pullAll(connector, store, { from, to, pageSize: 10 }, { seen: first.orders.map((o) => o.platformNo), watermark: first.watermark, pages: 1 });
      expect(duplicates(log.seen)).toEqual([]);
      expect([...log.seen].sort()).toEqual([...numbers].sort());
    });

    it('never answers a malformed page as orders: a retryable failure or a transparent retry', async () => {
      const { connector, store, fake } = await open();
      const { numbers, from, to } = await seed(fake, 20, 2);
      await fake.malformedNext(1);
      const log = await pullThrough(connector, store, { from, to, pageSize: 10 }, (error) => {
        expect(error.kind).toBe('PLATFORM_ERROR');
        expect(error.retryable).toBe(true);
      });
      expect(duplicates(log.seen)).toEqual([]);
      expect([...log.seen].sort()).toEqual([...numbers].sort());
    });

    it('loses no order when one changes between pages (only the changed one may come twice)', async () => {
      const { connector, store, fake } = await open();
      const { numbers, from, to } = await seed(fake, 90, 20);
      const changed = numbers[40]!;
      await fake.changeOrderBetweenPages(changed);
      const log = await pullAll(connector, store, { from, to: new Date(Math.max(to.getTime(), Date.now()) + 2000), pageSize: 25 });
      expect(duplicates(log.seen).filter((n) => n !== changed)).toEqual([]);
      expect([...new Set(log.seen)].sort()).toEqual([...numbers].sort());
    });
  });
}
