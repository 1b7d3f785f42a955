// The sandbox carrier: a stand-in express company that behaves like a real one. It issues unique
// waybill numbers per carrier code (a prefix and a sequence kept in carrier_sandbox_sequences),
// routing data (sort code, bag, branch) from the receiver's address, answers after a configurable
// latency, fails the next calls when told to (its console), refuses parcels without a receiver
// address, and moves an issued parcel GOT → TRANSIT → out for delivery → SIGNED over time — about one parcel in
// eight ends in EXCEPTION instead of SIGNED.
import { createHash } from 'node:crypto';
import { defaultPaymentType, type TrackingState } from '@openseller/core';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { carrierSandboxParcels, carrierSandboxSequences, carrierSandboxSettings } from '../../../db/schema/index.js';
import { CarrierConnectorError, type CarrierAccount, type CarrierConnector, type CarrierParcel, type CarrierRouting, type TrackingEvent, type WaybillOutcome } from '../types.js';

export const SANDBOX_CARRIER_SYSTEM = 'SANDBOX_CARRIER';
/** Latency when the console has not set one (env CARRIER_SANDBOX_LATENCY_MS, default 120 ms). */
const DEFAULT_LATENCY_MS = Number(process.env.CARRIER_SANDBOX_LATENCY_MS ?? 120);
/** Seconds between tracking steps when the console has not set them. */
const DEFAULT_STEP_SECONDS = 600;

const hashOf = (s: string) => createHash('sha1').update(s).digest();

/** The number prefix of a carrier code: SB + its letters (SBSF, SBZTO, SBYUNDAKY). */
export const sandboxPrefix = (carrierCode: string) => `SB${carrierCode.toUpperCase().replace(/[^A-Z]/g, '')}`;

export function sandboxRouting(receiver: CarrierParcel['receiver']): CarrierRouting {
  const h = hashOf(`${receiver.province}|${receiver.city}|${receiver.district}`);
  const sortCode = `${100 + (h[0]! % 800)}-${String(h[1]! % 100).padStart(2, '0')}-${String(h[2]! % 1000).padStart(3, '0')}`;
  return { sortCode, bag: `${receiver.province ?? ''}${receiver.city ?? ''}集包`, branch: `${receiver.city ?? ''}${receiver.district ?? ''}网点` };
}

/** Whether the parcel is one of the sandbox's troubled parcels (ends in EXCEPTION). */
const troubled = (expressNo: string) => hashOf(expressNo)[0]! % 8 === 0;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createSandboxCarrier(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  /**
   * CARRIER_SANDBOX_CLOCK=console (read here only, when the server starts) lets the console move
   * a domain's carrier clock forward: time passing at the carrier, so a test need not wait for
   * parcels to move on. Otherwise the carrier keeps the real time and the console refuses to.
   */
  const clockMovable = process.env.CARRIER_SANDBOX_CLOCK === 'console';
  /** How far the console moved each domain's carrier clock forward, in ms (this process, sandbox only). */
  const clockAdvance = new Map<number, number>();
  /** The time at the sandbox carrier for a domain: the clock, moved on as its console said. */
  const carrierNow = (domainId: number) => new Date(now().getTime() + (clockAdvance.get(domainId) ?? 0));

  async function settingsOf(domainId: number) {
    const [row] = await db.select().from(carrierSandboxSettings).where(eq(carrierSandboxSettings.domainId, domainId));
    return {
      latencyMs: row?.latencyMs ?? DEFAULT_LATENCY_MS,
      trackingStepSeconds: row?.trackingStepSeconds ?? DEFAULT_STEP_SECONDS,
      failNext: row?.failNext ?? 0,
      failReason: row?.failReason ?? null,
    };
  }

  /** Latency, then a forced failure if the console asked for one (consumed atomically). */
  async function admit(domainId: number): Promise<void> {
    const settings = await settingsOf(domainId);
    if (settings.latencyMs > 0) await pause(settings.latencyMs);
    const [forced] = await db
      .update(carrierSandboxSettings)
      .set({ failNext: sql`${carrierSandboxSettings.failNext} - 1` })
      .where(and(eq(carrierSandboxSettings.domainId, domainId), gt(carrierSandboxSettings.failNext, 0)))
      .returning({ reason: carrierSandboxSettings.failReason });
    if (forced) throw new CarrierConnectorError('FAILED', forced.reason || 'the sandbox carrier failed this call (forced from its console)');
  }

  async function nextNumber(carrierCode: string): Promise<string> {
    const prefix = sandboxPrefix(carrierCode);
    const [row] = await db
      .insert(carrierSandboxSequences)
      .values({ carrierCode, prefix, next: 2 })
      .onConflictDoUpdate({ target: carrierSandboxSequences.carrierCode, set: { next: sql`${carrierSandboxSequences.next} + 1` } })
      .returning({ prefix: carrierSandboxSequences.prefix, next: carrierSandboxSequences.next });
    return `${row!.prefix}${String(row!.next - 1).padStart(10, '0')}`;
  }

  const connector: CarrierConnector = {
    system: SANDBOX_CARRIER_SYSTEM,

    async takeWaybillNumbers(account: CarrierAccount, parcels: CarrierParcel[]): Promise<WaybillOutcome[]> {
      await admit(account.domainId);
      const outcomes: WaybillOutcome[] = [];
      for (const parcel of parcels) {
        const r = parcel.receiver;
        if (!r.province || !r.city || !r.address || !r.name) {
          outcomes.push({ orderCode: parcel.orderCode, ok: false, reason: 'receiver name or address incomplete' });
          continue;
        }
        const expressNo = await nextNumber(account.expressCompanyCode);
        const routing = sandboxRouting(r);
        await db.insert(carrierSandboxParcels).values({
          domainId: account.domainId,
          carrierCode: account.expressCompanyCode,
          expressNo,
          orderCode: parcel.orderCode,
          routing: { ...routing },
          issuedAt: now(),
        });
        const printData = {
          expressNo,
          carrier: account.expressCompanyCode,
          printCode: account.printCode,
          ...routing,
          receiver: r,
          sender: parcel.sender,
          weight: parcel.weight,
          packages: parcel.packages,
          insuranceCents: parcel.insuranceCents ?? 0,
          paymentType: account.fields.paymentType || defaultPaymentType(account.expressCompanyCode),
          sandbox: true,
        };
        outcomes.push({ orderCode: parcel.orderCode, ok: true, expressNo, routing, printData });
      }
      return outcomes;
    },

    async cancelWaybillNumber(account: CarrierAccount, expressNo: string): Promise<void> {
      await admit(account.domainId);
      await db
        .update(carrierSandboxParcels)
        .set({ cancelled: true })
        .where(and(eq(carrierSandboxParcels.carrierCode, account.expressCompanyCode), eq(carrierSandboxParcels.expressNo, expressNo), eq(carrierSandboxParcels.domainId, account.domainId)));
    },

    async queryTracking(account, expressNo) {
      await admit(account.domainId);
      const [parcel] = await db
        .select()
        .from(carrierSandboxParcels)
        .where(and(eq(carrierSandboxParcels.domainId, account.domainId), eq(carrierSandboxParcels.carrierCode, account.expressCompanyCode), eq(carrierSandboxParcels.expressNo, expressNo)));
      if (!parcel) return { expressNo, state: 'NO', events: [] };
      if (parcel.cancelled) return { expressNo, state: 'REGISTER_ERROR', events: [] };
      const { trackingStepSeconds } = await settingsOf(account.domainId);
      const step = trackingStepSeconds * 1000;
      const issued = parcel.issuedAt.getTime();
      const elapsed = carrierNow(account.domainId).getTime() - issued;
      // Each event at its offset in tracking steps; the courier goes out delivering half a step
      // before the parcel is signed for (the state stays in transit).
      const path: { offset: number; state: TrackingState; description: string; delivering?: boolean }[] = [
        { offset: 0, state: 'GOT', description: `${parcel.routing.branch ?? ''} 已揽收` },
        { offset: 1, state: 'TRANSIT', description: `运输中，发往 ${parcel.routing.bag ?? ''}` },
        { offset: 1.5, state: 'TRANSIT', description: `${parcel.routing.branch ?? ''} 派件中，快递员正在为您派件`, delivering: true },
        troubled(expressNo) ? { offset: 2, state: 'EXCEPTION', description: '签收异常：收件人拒收' } : { offset: 2, state: 'SIGNED', description: '已签收' },
      ];
      const events: TrackingEvent[] = path
        .filter((e, i) => i === 0 || e.offset * step <= elapsed)
        .map((e) => ({ state: e.state, description: e.description, at: new Date(issued + e.offset * step).toISOString(), ...(e.delivering ? { delivering: true } : {}) }));
      return { expressNo, state: events[events.length - 1]!.state, events };
    },
  };

  const sandboxConsole = {
    async view(domainId: number) {
      const s = await settingsOf(domainId);
      const [{ issued }] = (await db.select({ issued: sql<number>`count(*)::int` }).from(carrierSandboxParcels).where(eq(carrierSandboxParcels.domainId, domainId))) as [{ issued: number }];
      return { ...s, issued };
    },
    async update(domainId: number, patch: { latencyMs?: number; trackingStepSeconds?: number; failNext?: number; failReason?: string | null }) {
      const values = { domainId, ...patch, updatedAt: now() };
      await db.insert(carrierSandboxSettings).values(values).onConflictDoUpdate({ target: carrierSandboxSettings.domainId, set: { ...patch, updatedAt: now() } });
      return sandboxConsole.view(domainId);
    },
    /** Whether the clock may be moved (CARRIER_SANDBOX_CLOCK=console). */
    clockMovable,
    /** Moves the domain's carrier clock forward (only when clockMovable; the caller checks). */
    advanceClock(domainId: number, seconds: number) {
      clockAdvance.set(domainId, (clockAdvance.get(domainId) ?? 0) + seconds * 1000);
    },
  };

  return Object.assign(connector, { console: sandboxConsole });
}
