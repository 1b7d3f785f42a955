// Inbound notices of warehouses run by a warehouse system, end to end against the sandbox
// warehouse system: issued by the job (with retries), received from the sandbox's reports,
// cancelled there first; a real system this build lacks answers "not part of this build".
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAsn, getAsn, inboundWorld, ledgerOf, onHand, type InboundWorld } from '../../../../test/factories/inbound.js';
import { signedInStaff } from '../../../../test/factories/warehouses.js';
import { createTestApp } from '../../../../test/harness.js';
import { asnReceipts, operationLogs, sandboxWmsDocuments, warehouseSystemResults } from '../../../db/schema/index.js';
import type { InboundSync } from './inbound.sync.js';

// The scheduled poll would take results (and forced failures) from under the tests; they poll themselves.
process.env.WMS_POLL_CRON = 'off';
const t = await createTestApp();
const inbound = () => t.app.services.registry.get<{ sync: InboundSync }>('inbound');

const sandboxWorld = (type = 'WMS_WAREHOUSE') => inboundWorld(t, { type, externalCode: 'SANDBOX-HZ' });
const view = async (w: InboundWorld) => (await t.call('/cloud/wms/sandbox/view', { warehouseId: w.warehouseId }, { token: w.token })).body.data;
const failNext = (w: InboundWorld, failures: unknown[]) => t.call('/cloud/wms/sandbox/failNext', { warehouseId: w.warehouseId, failures }, { token: w.token });
const waitFor = (w: InboundWorld, id: number, done: (a: any) => boolean) =>
  t.waitFor(
    () => getAsn(t, w.token, id),
    (a) => done(a),
    15_000,
  );

async function issuedNotice(w: InboundWorld, lines = [{ skuId: w.skuIds[0], qty: 10, price: '3' }]) {
  const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: lines });
  // Queued for the job; the job may already have taken it by the time the answer is read.
  expect(a).toMatchObject({ sandbox: true });
  expect([['REQUEST', 'UNSENT'], ['SENDING', 'SENDING'], ['SUCCESS', 'SENTED']]).toContainEqual([a.syncStatus, a.wmsStatus]);
  return waitFor(w, a.id, (x) => x.syncStatus === 'SUCCESS');
}

describe('issuing to the warehouse system', () => {
  it('issues a notice by the job: REQUEST → SUCCESS, SYNCED, and the sandbox has it as SENTED', async () => {
    const w = await sandboxWorld();
    const a = await issuedNotice(w, [
      { skuId: w.skuIds[0], qty: 10, price: '3' },
      { skuId: w.skuIds[1], qty: 5, price: '1' },
    ]);
    expect(a).toMatchObject({ statusId: 'CI_ASN_STATUS_SYNCED', wmsStatus: 'SENTED', syncAttempts: 1, syncError: null });
    expect(a.externalCode).toMatch(/^SBX-ASN-/);
    const sandbox = await view(w);
    expect(sandbox.documents).toHaveLength(1);
    expect(sandbox.documents[0]).toMatchObject({ kind: 'ASN', docCode: a.code, status: 'SENTED', externalCode: a.externalCode });
    expect(sandbox.documents[0].lines.map((l: any) => [l.skuCode, l.qty, l.doneQty])).toEqual([
      [w.skuCodes[0], 10, 0],
      [w.skuCodes[1], 5, 0],
    ]);
    expect(sandbox.calls.map((c: any) => [c.operation, c.outcome])).toContainEqual(['issue', 'OK']);
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.entityId, String(a.id)), eq(operationLogs.area, 'inbound'))).orderBy(operationLogs.id);
    expect(logs.map((l) => l.action)).toEqual(['create', 'sync']);
    // A manual receipt is refused: the warehouse system reports receipts.
    const manual = await t.call('/cloud/purchase/purchaseAsn/receipt', { id: a.id, version: a.version, lines: [{ asnDetailId: a.asnDetails[0].id, qty: 1 }] }, { token: w.token });
    expect(manual.body.errorCode).toBe('ERR_INBOUND_WRONG_STATUS');
    const createAndReceive = await t.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 1 }] }, { token: w.token });
    expect(createAndReceive.body.errorCode).toBe('ERR_INBOUND_RECEIVED_BY_WAREHOUSE_SYSTEM');
  });

  it('retries a failed issue later, and a retry after a lost answer finds the document already there', async () => {
    const w = await sandboxWorld('QIMEN_WAREHOUSE');
    await failNext(w, [{ kind: 'ERROR', operation: 'issue' }]);
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 2 }] });
    const failed = await waitFor(w, a.id, (x) => x.syncStatus === 'FAILURE');
    expect(failed).toMatchObject({ statusId: 'CI_ASN_STATUS_CREATED', wmsStatus: 'UNSENT', syncAttempts: 1 });
    expect(failed.syncError).toContain('failed');
    const [row] = await t.database.db.execute(sql.raw(`select next_sync_at from asn_headers where id = ${a.id}`)).then((r: any) => r.rows);
    expect(new Date(row.next_sync_at).getTime()).toBeGreaterThan(Date.now() + 30_000);

    // The answer to the retry is lost after the sandbox took the notice…
    await failNext(w, [{ kind: 'TIMEOUT_AFTER_ACCEPT', operation: 'issue' }]);
    await inbound().sync.retryDue(new Date(Date.now() + 5 * 60_000));
    const lost = await getAsn(t, w.token, a.id);
    expect(lost).toMatchObject({ syncStatus: 'FAILURE', syncAttempts: 2, syncErrorCode: 'ERR_WMS_TIMEOUT' });
    // The warehouse may hold it as sent: no edit or delete before it is issued again.
    const edit = await t.call('/cloud/purchase/purchaseAsn/edit', { id: a.id, version: lost.version, whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[1], qty: 1 }] }, { token: w.token });
    expect(edit.body).toMatchObject({ errorCode: 'ERR_INBOUND_MAY_BE_IN_WAREHOUSE', params: { action: 'edit' } });
    expect((await t.call('/myhome/asnHeader/delete', { idList: [a.id] }, { token: w.token })).body.errorCode).toBe('ERR_INBOUND_MAY_BE_IN_WAREHOUSE');
    // …so the next retry is answered with the same document, not a second one.
    await inbound().sync.retryDue(new Date(Date.now() + 60 * 60_000));
    const done = await getAsn(t, w.token, a.id);
    expect(done).toMatchObject({ syncStatus: 'SUCCESS', statusId: 'CI_ASN_STATUS_SYNCED', syncAttempts: 3 });
    const documents = await t.database.db.select().from(sandboxWmsDocuments).where(eq(sandboxWmsDocuments.warehouseId, w.warehouseId));
    expect(documents).toHaveLength(1);
    expect(documents[0]!.externalCode).toBe(done.externalCode);
  });

  it('does not retry a rejection; after an edit fixing it, "sync" issues the notice again', async () => {
    const w = await sandboxWorld();
    await t.call('/cloud/wms/sandbox/settings', { warehouseId: w.warehouseId, version: 0, failureRate: 0, latencyMs: 0, cancelMode: 'IMMEDIATE', rejectSkuCodes: [w.skuCodes[0]] }, { token: w.token });
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 2 }] });
    const failed = await waitFor(w, a.id, (x) => x.syncStatus === 'FAILURE');
    expect(failed.syncError).toContain(`${w.skuCodes[0]} is unknown`);
    const [row] = await t.database.db.execute(sql.raw(`select next_sync_at, sync_error_code from asn_headers where id = ${a.id}`)).then((r: any) => r.rows);
    expect(row).toMatchObject({ next_sync_at: null, sync_error_code: 'ERR_WMS_REJECTED' });
    const edited = await t.call('/cloud/purchase/purchaseAsn/edit', { id: a.id, version: failed.version, whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[1], qty: 2 }] }, { token: w.token });
    expect(edited.body.data.syncStatus).toBe('REQUEST');
    const synced = await waitFor(w, a.id, (x) => x.syncStatus === 'SUCCESS');
    expect(synced.statusId).toBe('CI_ASN_STATUS_SYNCED');
    expect((await t.call('/myhome/asnHeader/sync', { idList: [a.id] }, { token: w.token })).body.errorCode).toBe('ERR_INBOUND_SYNC_NOT_ALLOWED');
  });

  it('answers "not part of this build" for a real warehouse system, without retrying', async () => {
    // Byte's cloud warehouse: a real system without a connector in this build (Qimen has one).
    const w = await inboundWorld(t, { type: 'BYTE_WAREHOUSE', externalCode: 'BYTE-HZ-01' });
    const a = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 2 }] });
    expect(a.sandbox).toBe(false);
    const failed = await waitFor(w, a.id, (x) => x.syncStatus === 'FAILURE');
    expect(failed.syncError).toContain('BYTE warehouse system');
    expect(failed.syncError).toContain('not part of this build');
    const [row] = await t.database.db.execute(sql.raw(`select next_sync_at, sync_error_code from asn_headers where id = ${a.id}`)).then((r: any) => r.rows);
    expect(row).toMatchObject({ next_sync_at: null, sync_error_code: 'ERR_WMS_NOT_IN_BUILD' });
    const console = await t.call('/cloud/wms/sandbox/view', { warehouseId: w.warehouseId }, { token: w.token });
    expect(console.body.errorCode).toBe('ERR_WMS_NOT_SANDBOX');
    const fetch = await t.call('/myhome/asnHeader/fetchResults', { id: a.id }, { token: w.token });
    expect(fetch.status).toBe(501);
    expect(fetch.body.errorCode).toBe('ERR_WMS_NOT_IN_BUILD');
    // It can still be cancelled here: the warehouse never took it.
    const cancelled = await t.call('/myhome/asnHeader/cancel', { id: a.id, version: failed.version }, { token: w.token });
    expect(cancelled.body.data).toMatchObject({ statusId: 'CI_ASN_STATUS_CLOSED', syncStatus: 'STOP' });
  });
});

describe('receipts reported by the warehouse system', () => {
  it('books the sandbox’s partial and final receipts through the engine, once each however often they are fetched', async () => {
    const w = await sandboxWorld();
    const a = await issuedNotice(w, [
      { skuId: w.skuIds[0], qty: 10, price: '3' },
      { skuId: w.skuIds[1], qty: 5, price: '1' },
    ]);
    const documentId = (await view(w)).documents[0].id;
    const [line1, line2] = a.asnDetails;
    const part = await t.call('/cloud/wms/sandbox/fulfil', { warehouseId: w.warehouseId, documentId, lines: [{ lineId: line1.id, qty: 4 }] }, { token: w.token });
    expect(part.body.data.status).toBe('IN_PROCESS');
    // More than the document has left is refused by the sandbox itself.
    const tooMuch = await t.call('/cloud/wms/sandbox/fulfil', { warehouseId: w.warehouseId, documentId, lines: [{ lineId: line2.id, qty: 6 }] }, { token: w.token });
    expect(tooMuch.body).toMatchObject({ errorCode: 'ERR_WMS_SANDBOX_DOCUMENT', params: { field: 'lines.0.qty' } });

    // The acknowledgement is lost: the next fetch sees the result again and books nothing more.
    await failNext(w, [{ kind: 'ERROR', operation: 'acknowledge' }]);
    const firstFetch = await t.call('/myhome/asnHeader/fetchResults', { id: a.id }, { token: w.token });
    expect(firstFetch.body.errorCode).toBe('ERR_WMS_FAILED');
    const again = await t.call('/myhome/asnHeader/fetchResults', { id: a.id }, { token: w.token });
    expect(again.body.data).toMatchObject({ fetched: 1, booked: 0, repeated: 1, refused: 0 });
    const partly = await getAsn(t, w.token, a.id);
    expect(partly).toMatchObject({ statusId: 'CI_ASN_STATUS_SYNCED', wmsStatus: 'IN_PROCESS', receivedQtyTotal: 4 });
    expect(partly.receipts).toHaveLength(1);
    expect(partly.receipts[0]).toMatchObject({ source: 'WAREHOUSE_SYSTEM', qtyTotal: 4 });
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!, 0)).toBe(4);
    expect((await t.call('/cloud/wms/fetchResults', { whId: w.warehouseId }, { token: w.token })).body.data).toMatchObject({ fetched: 0 });

    await t.call('/cloud/wms/sandbox/fulfil', { warehouseId: w.warehouseId, documentId }, { token: w.token });
    const polled = await t.call('/cloud/wms/fetchResults', { whId: w.warehouseId }, { token: w.token });
    expect(polled.body.data).toMatchObject({ fetched: 1, booked: 1 });
    const done = await getAsn(t, w.token, a.id);
    expect(done).toMatchObject({ statusId: 'CI_ASN_STATUS_COMPLETED', wmsStatus: 'FULFILLED', receivedQtyTotal: 15 });
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[1]!)).toBe(5);
    expect((await ledgerOf(t, w.domainId, a.code)).map((l) => [l.movement, l.doc_type, l.on_hand_delta])).toEqual([
      ['RECEIPT', 'ASN', 4],
      ['RECEIPT', 'ASN', 6],
      ['RECEIPT', 'ASN', 5],
    ]);
    const results = await t.database.db.select().from(warehouseSystemResults).where(eq(warehouseSystemResults.warehouseId, w.warehouseId));
    expect(results.map((r) => r.outcome)).toEqual(['BOOKED', 'BOOKED']);
    expect((await view(w)).results.every((r: any) => r.acknowledged)).toBe(true);
  });

  it('books reported receipts from the scheduled poll too', async () => {
    const w = await sandboxWorld();
    const a = await issuedNotice(w);
    const documentId = (await view(w)).documents[0].id;
    await t.call('/cloud/wms/sandbox/fulfil', { warehouseId: w.warehouseId, documentId }, { token: w.token });
    const systems = t.app.services.registry.get<{ pollAll(): Promise<unknown[]> }>('warehouse-systems');
    await systems.pollAll();
    expect(await getAsn(t, w.token, a.id)).toMatchObject({ statusId: 'CI_ASN_STATUS_COMPLETED', receivedQtyTotal: 10 });
    expect(await t.database.db.select().from(asnReceipts).where(eq(asnReceipts.asnId, a.id))).toHaveLength(1);
  });
});

describe('cancelling in the warehouse system', () => {
  it('cancels at once when the sandbox does, and waits for its confirmation when it asks for one', async () => {
    const w = await sandboxWorld();
    const a = await issuedNotice(w);
    const asked = await t.call('/myhome/asnHeader/cancel', { id: a.id, version: a.version }, { token: w.token });
    expect(asked.body.data).toMatchObject({ statusId: 'CI_ASN_STATUS_SYNCED', wmsStatus: 'CANCELING' });
    const closed = await waitFor(w, a.id, (x) => x.statusId === 'CI_ASN_STATUS_CLOSED');
    expect(closed.wmsStatus).toBe('CANCEL');
    expect((await view(w)).documents[0].status).toBe('CANCEL');

    const settings = await view(w);
    await t.call('/cloud/wms/sandbox/settings', { warehouseId: w.warehouseId, version: settings.version, failureRate: 0, latencyMs: 0, cancelMode: 'CONFIRM', rejectSkuCodes: [] }, { token: w.token });
    const b = await issuedNotice(w);
    await t.call('/myhome/asnHeader/cancel', { id: b.id, version: b.version }, { token: w.token });
    const waiting = await t.waitFor(
      () => t.database.db.execute(sql.raw(`select cancel_sync_status, wms_status, status from asn_headers where id = ${b.id}`)).then((r: any) => r.rows[0]),
      (r: any) => r.cancel_sync_status === 'SUCCESS',
      15_000,
    );
    expect(waiting).toMatchObject({ wms_status: 'CANCELING', status: 'CI_ASN_STATUS_SYNCED' });
    // Commands wait while the warehouse decides.
    expect((await t.call('/myhome/asnHeader/cancel', { id: b.id, version: (await getAsn(t, w.token, b.id)).version }, { token: w.token })).body.errorCode).toBe('ERR_INBOUND_WRONG_STATUS');
    const document = (await view(w)).documents.find((d: any) => d.docCode === b.code);
    expect(document.status).toBe('CANCELING');
    expect((await t.call('/cloud/wms/sandbox/confirmCancel', { warehouseId: w.warehouseId, documentId: document.id }, { token: w.token })).body.data.status).toBe('CANCEL');
    await t.call('/myhome/asnHeader/fetchResults', { id: b.id }, { token: w.token });
    expect(await getAsn(t, w.token, b.id)).toMatchObject({ statusId: 'CI_ASN_STATUS_CLOSED', wmsStatus: 'CANCEL' });
  });

  it('keeps a notice the warehouse will not cancel open, and force cancel closes a partly received one keeping its receipts', async () => {
    const w = await sandboxWorld();
    const a = await issuedNotice(w);
    const documentId = (await view(w)).documents[0].id;
    await failNext(w, [{ kind: 'REJECTED', operation: 'cancel' }]);
    await t.call('/myhome/asnHeader/cancel', { id: a.id, version: a.version }, { token: w.token });
    const kept = await t.waitFor(
      () => t.database.db.execute(sql.raw(`select cancel_sync_status, wms_status, status, sync_error from asn_headers where id = ${a.id}`)).then((r: any) => r.rows[0]),
      (r: any) => r.cancel_sync_status === 'FAILURE',
      30_000,
    );
    expect(kept).toMatchObject({ status: 'CI_ASN_STATUS_SYNCED', wms_status: 'SENTED' });
    expect(kept.sync_error).toContain('refused');

    await t.call('/cloud/wms/sandbox/fulfil', { warehouseId: w.warehouseId, documentId, lines: [{ lineId: a.asnDetails[0].id, qty: 3 }] }, { token: w.token });
    await t.call('/myhome/asnHeader/fetchResults', { id: a.id }, { token: w.token });
    const partly = await getAsn(t, w.token, a.id);
    expect(partly).toMatchObject({ receivedQtyTotal: 3, wmsStatus: 'IN_PROCESS' });
    expect((await t.call('/myhome/asnHeader/cancel', { id: a.id, version: partly.version }, { token: w.token })).body.errorCode).toBe('ERR_INBOUND_HAS_RECEIPTS');
    const forced = await t.call('/myhome/asnHeader/forceCancel', { id: a.id, version: partly.version, reason: 'rest lost in transit' }, { token: w.token });
    expect(forced.body.data).toMatchObject({ statusId: 'CI_ASN_STATUS_CLOSED', cancelReason: 'rest lost in transit', receivedQtyTotal: 3 });
    await t.waitFor(
      () => view(w),
      (v: any) => v.documents[0].status === 'CLOSED',
      30_000,
    );
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(3);
  }, 90_000);
});

describe('the sandbox console', () => {
  it('is refused to another domain and to an account without the stock or warehouse menu', async () => {
    const w = await sandboxWorld();
    const other = await sandboxWorld();
    const foreign = await t.call('/cloud/wms/sandbox/view', { warehouseId: w.warehouseId }, { token: other.token });
    expect(foreign.body.errorCode).toBe('ERR_WMS_NOT_SANDBOX');
    expect((await t.call('/cloud/wms/sandbox/failNext', { warehouseId: w.warehouseId, failures: [{ kind: 'ERROR' }] }, { token: other.token })).body.errorCode).toBe('ERR_WMS_NOT_SANDBOX');
    expect((await t.call('/cloud/wms/fetchResults', { whId: w.warehouseId }, { token: other.token })).status).toBe(404);
    const staff = await signedInStaff(t, w.domainId, ['MENU_ERPSO']);
    const refused = await t.call('/cloud/wms/sandbox/view', { warehouseId: w.warehouseId }, { token: staff });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    expect((await view(w)).forcedFailures).toEqual([]);
    const listed = await t.call('/cloud/wms/sandbox/warehouses', {}, { token: w.token });
    expect(listed.body.data.map((x: any) => x.id)).toEqual([w.warehouseId]);
  });
});
