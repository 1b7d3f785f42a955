// The conformance set every warehouse-system connector passes (issue #18 must-have 4), written
// once and run on each implementation against its system (the sandbox WMS; Qimen against its
// fake): an issue accepted, the same code issued twice making one document, a refusal, a late
// answer (TIMEOUT, retryable; issuing again keeps one document), an answer that cannot be read
// (SYSTEM_ERROR, retryable; then one document), a shipment confirmed twice booked once, and a
// cancel after shipping refused. How the warehouse is driven and how its confirmation reaches us
// (a poll, a callback) is the subject's business.
import { describe, expect, it } from 'vitest';
import { WarehouseConnectorError, type IssueDocumentRequest, type WarehouseConnector, type WarehouseTarget } from './types.js';

export interface WarehouseConformanceSubject {
  connector: WarehouseConnector;
  target: WarehouseTarget;
  skus: { id: number; code: string }[];
  /** The system refuses the next call. */
  refuseNext(): Promise<void>;
  /** The next call is handled, but its answer comes later than a 300 ms deadline. */
  answerLateNext(): Promise<void>;
  /** The next call (every attempt of it) is answered with something that cannot be read, or fails on the system's side. */
  garbleNext(): Promise<void>;
  /** Documents the system holds under our code. */
  documents(docCode: string): Promise<number>;
  /** The warehouse ships the outbound order in full and tells us; answers a way to tell us the same again. */
  ship(docCode: string): Promise<{ again(): Promise<void> }>;
  /** How many times the shipment of a document reached its handler. */
  bookings(docCode: string): number;
}

let seq = 0;
const code = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

export function outboundRequest(subject: Pick<WarehouseConformanceSubject, 'skus'>, docCode: string): IssueDocumentRequest {
  return {
    kind: 'WDO',
    docId: seq,
    docCode,
    docType: 'WDO_OTHER',
    lines: subject.skus.slice(0, 2).map((s, i) => ({ lineId: 100 + i, skuId: s.id, skuCode: s.code, skuName: `Goods ${s.code}`, barCode: null, qty: 2 + i })),
    party: { name: 'Zhang San', phone: '13800000000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文一路 1 号' },
  };
}

async function failureOf(run: Promise<unknown>): Promise<WarehouseConnectorError | null> {
  try {
    await run;
    return null;
  } catch (error) {
    if (error instanceof WarehouseConnectorError) return error;
    throw error;
  }
}

export function describeWarehouseConformance(name: string, make: () => Promise<WarehouseConformanceSubject>): void {
  describe(`warehouse-system conformance: ${name}`, () => {
    it('issues an outbound order, and the same code issued twice is one document', async () => {
      const s = await make();
      const request = outboundRequest(s, code('CF-ISSUE'));
      const first = await s.connector.issueDocument(s.target, request);
      expect(first).toMatchObject({ kind: 'WDO', docCode: request.docCode, status: 'SENTED' });
      expect(first.externalCode).toBeTruthy();
      const second = await s.connector.issueDocument(s.target, request);
      expect(second.externalCode).toBe(first.externalCode);
      expect(await s.documents(request.docCode)).toBe(1);
    });

    it('passes on a refusal as REJECTED, not worth retrying, and keeps no document', async () => {
      const s = await make();
      const request = outboundRequest(s, code('CF-REFUSE'));
      await s.refuseNext();
      const error = await failureOf(s.connector.issueDocument(s.target, request));
      expect(error?.kind).toBe('REJECTED');
      expect(error?.retryable).toBe(false);
      expect(await s.documents(request.docCode)).toBe(0);
    });

    it('gives up on a late answer with TIMEOUT, and issuing again keeps one document', async () => {
      const s = await make();
      const request = outboundRequest(s, code('CF-LATE'));
      await s.answerLateNext();
      const error = await failureOf(s.connector.issueDocument(s.target, request, { timeoutMs: 300 }));
      expect(error?.kind).toBe('TIMEOUT');
      expect(error?.retryable).toBe(true);
      await s.connector.issueDocument(s.target, request);
      expect(await s.documents(request.docCode)).toBe(1);
    });

    it('fails an answer it cannot read as SYSTEM_ERROR, worth retrying, and a retry makes one document', async () => {
      const s = await make();
      const request = outboundRequest(s, code('CF-GARBLED'));
      await s.garbleNext();
      const error = await failureOf(s.connector.issueDocument(s.target, request));
      expect(error?.kind).toBe('SYSTEM_ERROR');
      expect(error?.retryable).toBe(true);
      await s.connector.issueDocument(s.target, request);
      expect(await s.documents(request.docCode)).toBe(1);
    });

    it('books a shipment confirmed twice once, and refuses to cancel what was shipped', async () => {
      const s = await make();
      const request = outboundRequest(s, code('CF-SHIP'));
      await s.connector.issueDocument(s.target, request);
      const shipped = await s.ship(request.docCode);
      expect(s.bookings(request.docCode)).toBe(1);
      await shipped.again();
      expect(s.bookings(request.docCode)).toBe(1);
      const error = await failureOf(s.connector.cancelDocument(s.target, { kind: 'WDO', docCode: request.docCode }));
      expect(error?.kind).toBe('REJECTED');
    });

    it('cancels a document not shipped yet', async () => {
      const s = await make();
      const request = outboundRequest(s, code('CF-CANCEL'));
      await s.connector.issueDocument(s.target, request);
      const cancelled = await s.connector.cancelDocument(s.target, { kind: 'WDO', docCode: request.docCode, reason: 'not needed' });
      expect(['CANCEL', 'CANCELING', 'CLOSED']).toContain(cancelled.status);
    });
  });
}
