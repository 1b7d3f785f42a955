// Returns of warehouses run by a warehouse system, against the sandbox warehouse system: issued
// (syncRmaToWms, and the list form), received there and booked from its results once each, a
// refusal of the system kept on the return and issued again, cancelled there at once or once the
// warehouse confirms; a seller-run warehouse and another domain's return are refused.
import { describe, expect, it } from 'vitest';
import { onHand } from '../../../../test/factories/inbound.js';
import { createRma, getRma, rmaWorld, type RmaWorld } from '../../../../test/factories/rma.js';
import { createTestApp } from '../../../../test/harness.js';

// The scheduled poll would take results from under the tests; they fetch them themselves.
process.env.WMS_POLL_CRON = 'off';
const t = await createTestApp();

const sandboxWorld = () => rmaWorld(t, { type: 'WMS_WAREHOUSE', externalCode: 'SANDBOX-HZ' });
const view = async (w: RmaWorld) => (await t.call('/cloud/wms/sandbox/view', { warehouseId: w.warehouseId }, { token: w.token })).body.data;
const fetchResults = async (w: RmaWorld) => (await t.call('/cloud/wms/fetchResults', { whId: w.warehouseId }, { token: w.token })).body;
const sync = (w: RmaWorld, id: number) => t.call('/myhome/rma/syncRmaToWms', { id }, { token: w.token });
const freeReturn = (w: RmaWorld) =>
  createRma(t, w.token, {
    whId: w.warehouseId,
    receiverName: 'Han Meimei',
    rmaDetails: [
      { skuId: w.skuIds[0], qty: 3 },
      { skuId: w.skuIds[1], qty: 2 },
    ],
  });

describe('returns issued to a warehouse system', () => {
  it('issues a return, and books the warehouse’s receipts from its results once each', async () => {
    const w = await sandboxWorld();
    const r = await freeReturn(w);
    expect(r).toMatchObject({ statusCode: 'CI_RMA_STATUS_CREATED', sendStatus: 'REQUEST', externalCode: null });

    const issued = await sync(w, r.id);
    expect(issued.body.data).toMatchObject({ statusCode: 'CI_RMA_STATUS_SYNCED', sendStatus: 'SUCCESS', wmsMessage: null });
    expect(issued.body.data.externalCode).toMatch(/^SBX-RMA-/);
    const document = (await view(w)).documents.find((d: any) => d.docCode === r.code);
    expect(document).toMatchObject({ kind: 'RMA', status: 'SENTED' });
    // Issued: the warehouse receives it, not a person here; and it is not issued twice.
    const byHand = await t.call('/myhome/rma/updateRmaInventory', { id: r.id, version: issued.body.data.version, rmaDetails: [{ id: r.rmaDetails[0].id, goodQty: 1, defectiveQty: 0 }] }, { token: w.token });
    expect(byHand.body.errorCode).toBe('ERR_RMA_WRONG_STATUS');
    expect((await sync(w, r.id)).body.errorCode).toBe('ERR_RMA_WRONG_STATUS');

    const part = await t.call('/cloud/wms/sandbox/fulfil', { warehouseId: w.warehouseId, documentId: document.id, lines: [{ lineId: r.rmaDetails[0].id, qty: 2 }] }, { token: w.token });
    expect(part.body.data.status).toBe('IN_PROCESS');
    // The acknowledgement is lost: the next fetch sees the result again and books nothing more.
    await t.call('/cloud/wms/sandbox/failNext', { warehouseId: w.warehouseId, failures: [{ kind: 'ERROR', operation: 'acknowledge' }] }, { token: w.token });
    expect((await fetchResults(w)).errorCode).toBe('ERR_WMS_FAILED');
    expect((await fetchResults(w)).data).toMatchObject({ fetched: 1, booked: 0, repeated: 1 });
    const partly = await getRma(t, w.token, r.id);
    expect(partly).toMatchObject({ statusCode: 'CI_RMA_STATUS_SYNCED', receivedQtyTotal: 2, goodQtyTotal: 2 });
    expect(partly.receipts).toHaveLength(1);
    expect(partly.receipts[0].receiptKey).toMatch(/^wms:/);
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(2);

    await t.call('/cloud/wms/sandbox/fulfil', { warehouseId: w.warehouseId, documentId: document.id }, { token: w.token });
    expect((await fetchResults(w)).data).toMatchObject({ fetched: 1, booked: 1 });
    const done = await getRma(t, w.token, r.id);
    expect(done).toMatchObject({ statusCode: 'CI_RMA_STATUS_COMPLETED', receivedQtyTotal: 5, goodQtyTotal: 5, defectiveQtyTotal: 0 });
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toBe(3);
    expect(await onHand(t, w.domainId, w.warehouseId, w.skuIds[1]!)).toBe(2);
  });

  it('keeps the warehouse system’s refusal on the return, and issues it again when asked', async () => {
    const w = await sandboxWorld();
    const r = await freeReturn(w);
    await t.call('/cloud/wms/sandbox/failNext', { warehouseId: w.warehouseId, failures: [{ kind: 'ERROR', operation: 'issue' }] }, { token: w.token });
    const refused = await sync(w, r.id);
    expect(refused.body.errorCode).toBe('ERR_WMS_FAILED');
    const failed = await getRma(t, w.token, r.id);
    expect(failed).toMatchObject({ statusCode: 'CI_RMA_STATUS_CREATED', sendStatus: 'FAILURE' });
    expect(failed.wmsMessage).toBeTruthy();
    const again = await t.call('/myhome/rma/syncRmaListToWms', { idList: [r.id] }, { token: w.token });
    expect(again.body.data).toEqual({ succeeded: [r.id], refusals: [] });
    expect(await getRma(t, w.token, r.id)).toMatchObject({ statusCode: 'CI_RMA_STATUS_SYNCED', sendStatus: 'SUCCESS', wmsMessage: null });
  });

  it('cancels an issued return there: closed at once, or once the warehouse confirms', async () => {
    const w = await sandboxWorld();
    const a = await freeReturn(w);
    await sync(w, a.id);
    const closed = await t.call('/myhome/rma/cancelRmaToWms', { id: a.id }, { token: w.token });
    expect(closed.body.data).toMatchObject({ statusCode: 'CI_RMA_STATUS_CLOSED', cancelStatus: 'CANCEL_SUCCESS' });

    const settings = await view(w);
    await t.call('/cloud/wms/sandbox/settings', { warehouseId: w.warehouseId, version: settings.version, failureRate: 0, latencyMs: 0, cancelMode: 'CONFIRM', rejectSkuCodes: [] }, { token: w.token });
    const b = await freeReturn(w);
    await sync(w, b.id);
    const waiting = await t.call('/myhome/rma/cancelRmaListToWms', { idList: [b.id] }, { token: w.token });
    expect(waiting.body.data).toEqual({ succeeded: [b.id], refusals: [] });
    expect(await getRma(t, w.token, b.id)).toMatchObject({ statusCode: 'CI_RMA_STATUS_SYNCED', cancelStatus: 'CANCEL_SENDING' });
    expect((await t.call('/myhome/rma/cancelRmaToWms', { id: b.id }, { token: w.token })).body.errorCode).toBe('ERR_RMA_WRONG_STATUS');
    const document = (await view(w)).documents.find((d: any) => d.docCode === b.code);
    await t.call('/cloud/wms/sandbox/confirmCancel', { warehouseId: w.warehouseId, documentId: document.id }, { token: w.token });
    expect((await fetchResults(w)).data).toMatchObject({ booked: 1 });
    expect(await getRma(t, w.token, b.id)).toMatchObject({ statusCode: 'CI_RMA_STATUS_CLOSED', cancelStatus: 'CANCEL_SUCCESS' });
  });

  it('refuses a return of a seller-run warehouse, one not issued, and another domain’s, each by name in a list', async () => {
    const own = await rmaWorld(t);
    const r = await freeReturn(own);
    expect(r.sendStatus).toBe('NONE');
    expect((await sync(own, r.id)).body.errorCode).toBe('ERR_RMA_NO_WAREHOUSE_SYSTEM');
    expect((await t.call('/myhome/rma/cancelRmaToWms', { id: r.id }, { token: own.token })).body.errorCode).toBe('ERR_RMA_WRONG_STATUS');
    const other = await sandboxWorld();
    const theirs = await freeReturn(other);
    const list = await t.call('/myhome/rma/syncRmaListToWms', { idList: [r.id, theirs.id] }, { token: own.token });
    expect(list.body.data.succeeded).toEqual([]);
    expect(list.body.data.refusals.map((x: any) => [x.id, x.code])).toEqual([
      [r.id, 'ERR_RMA_NO_WAREHOUSE_SYSTEM'],
      [theirs.id, 'ERR_NOT_FOUND'],
    ]);
    expect(await getRma(t, other.token, theirs.id)).toMatchObject({ statusCode: 'CI_RMA_STATUS_CREATED', sendStatus: 'REQUEST' });
  });
});
