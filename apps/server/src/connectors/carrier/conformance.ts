// The conformance suite every carrier connector passes (issue 18 must-have 4): the sandbox
// carrier, Pinduoduo waybills and Cainiao waybills (TOP and LINK) against their local fakes. It
// takes numbers for a batch larger than one platform request (one outcome per parcel, in order,
// numbers unique and held by the carrier), refuses an incomplete parcel alone, cancels a number,
// and fails cleanly on a refused signature, a timeout and a malformed answer — never giving a
// number the carrier does not hold.
// Usage: describeCarrierConformance('cainiao TOP', async () => subject).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarrierConnectorError, type CarrierAccount, type CarrierConnector, type CarrierParcel, type WaybillOutcome } from './types.js';

export interface CarrierConformanceSubject {
  connector: CarrierConnector;
  account: CarrierAccount;
  /** What the carrier holds of a number it gave: null when it never gave it. */
  issued(expressNo: string): Promise<{ cancelled: boolean } | null>;
  /** The same connector signing with a wrong secret; null when the carrier signs nothing (the sandbox). */
  wrongSecret: (() => CarrierConnector) | null;
  /** The next n calls never answer (the connector's own deadline, short in the subject, ends them); null when not simulated. */
  timeoutNext: ((count: number) => Promise<void>) | null;
  /** The next n answers are broken; null when not simulated. */
  malformedNext: ((count: number) => Promise<void>) | null;
  /** The carrier fails the next n calls outright; null when not simulated. */
  failNext: ((count: number) => Promise<void>) | null;
  close(): Promise<void>;
}

let serial = 0;
/** A parcel with a complete sender and receiver (order codes unique per run). */
export function conformanceParcel(receiver: Partial<CarrierParcel['receiver']> = {}): CarrierParcel {
  serial++;
  return {
    orderCode: `CF${Date.now().toString(36)}${serial}`,
    sender: { name: '王仓库', phone: '13900000000', province: '浙江省', city: '杭州市', district: '余杭区', address: '文一西路1号' },
    receiver: { name: '张三', phone: '13800000000', province: '上海市', city: '上海市', district: '浦东新区', address: '世纪大道100号', ...receiver },
    weight: '1.250',
    packages: 1,
  };
}

const numbers = (outcomes: WaybillOutcome[]) => outcomes.flatMap((o) => (o.ok ? [o.expressNo] : []));

export function describeCarrierConformance(name: string, make: () => Promise<CarrierConformanceSubject>) {
  describe(`carrier conformance: ${name}`, () => {
    let s: CarrierConformanceSubject;
    beforeAll(async () => {
      s = await make();
    });
    afterAll(async () => {
      await s?.close();
    });

    it('gives one number per parcel of a batch larger than one request, in order, unique, each held by the carrier', async () => {
      const parcels = Array.from({ length: 23 }, () => conformanceParcel());
      const outcomes = await s.connector.takeWaybillNumbers(s.account, parcels);
      expect(outcomes.map((o) => o.orderCode)).toEqual(parcels.map((p) => p.orderCode));
      expect(outcomes.filter((o) => !o.ok)).toEqual([]);
      const given = numbers(outcomes);
      expect(new Set(given).size).toBe(23);
      for (const no of given) expect(await s.issued(no)).toEqual({ cancelled: false });
      for (const o of outcomes) if (o.ok) expect(Object.keys(o.printData).length).toBeGreaterThan(0);
    });

    it('refuses a parcel without a complete receiver on its own and numbers the others', async () => {
      const [bad, good] = await s.connector.takeWaybillNumbers(s.account, [conformanceParcel({ province: '', address: '' }), conformanceParcel()]);
      expect(bad).toMatchObject({ ok: false, reason: expect.stringContaining('receiver') });
      expect(good?.ok).toBe(true);
    });

    it('cancels a number it gave', async () => {
      const [given] = await s.connector.takeWaybillNumbers(s.account, [conformanceParcel()]);
      if (!given?.ok) throw new Error(`no number: ${JSON.stringify(given)}`);
      await s.connector.cancelWaybillNumber(s.account, given.expressNo);
      expect(await s.issued(given.expressNo)).toEqual({ cancelled: true });
    });

    it('fails the call when the carrier refuses the signature, giving no number', async (ctx) => {
      if (!s.wrongSecret) return ctx.skip();
      const error = await s.wrongSecret().takeWaybillNumbers(s.account, [conformanceParcel()]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CarrierConnectorError);
      expect((error as CarrierConnectorError).kind).toBe('FAILED');
    });

    it('fails with TIMEOUT when the carrier does not answer, and works again afterwards', async (ctx) => {
      if (!s.timeoutNext) return ctx.skip();
      await s.timeoutNext(1);
      const error = await s.connector.takeWaybillNumbers(s.account, [conformanceParcel()]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CarrierConnectorError);
      expect((error as CarrierConnectorError).kind).toBe('TIMEOUT');
      const [again] = await s.connector.takeWaybillNumbers(s.account, [conformanceParcel()]);
      expect(again?.ok).toBe(true);
    });

    it('fails the call on a malformed answer, or retries it — never giving a number the carrier does not hold', async (ctx) => {
      if (!s.malformedNext) return ctx.skip();
      await s.malformedNext(1);
      const parcels = [conformanceParcel(), conformanceParcel()];
      const answer = await s.connector.takeWaybillNumbers(s.account, parcels).catch((e: unknown) => e);
      if (answer instanceof Error) {
        expect(answer).toBeInstanceOf(CarrierConnectorError);
        expect((answer as CarrierConnectorError).kind).toBe('FAILED');
      } else {
        const outcomes = answer as WaybillOutcome[];
        expect(outcomes.map((o) => o.orderCode)).toEqual(parcels.map((p) => p.orderCode));
        for (const no of numbers(outcomes)) expect(await s.issued(no)).toEqual({ cancelled: false });
      }
    });

    it('gives no number when the carrier fails the call', async (ctx) => {
      if (!s.failNext) return ctx.skip();
      await s.failNext(1);
      await expect(s.connector.takeWaybillNumbers(s.account, [conformanceParcel()])).rejects.toBeInstanceOf(CarrierConnectorError);
    });
  });
}
