// The warehouse-system connectors through the registry service, against the sandbox warehouse
// system on a fresh database: connectors by warehouse type, outbound orders issued, shipped in
// part and cancelled, results kept until acknowledged, failures forced or drawn from a rate that
// replays exactly, and real systems answering "not part of this build".
import { describe, expect, it } from 'vitest';
import { inboundWorld, warehouseRow } from '../../../../test/factories/inbound.js';
import { createTestApp } from '../../../../test/harness.js';
import type { WarehouseSystems } from '../registry.js';
import { WarehouseConnectorError, type IssueDocumentRequest } from '../types.js';
import { drawFraction } from './sandbox-wms.connector.js';

// The scheduled poll would take results (and forced failures) from under the tests; they poll themselves.
process.env.WMS_POLL_CRON = 'off';
const t = await createTestApp();
const systems = () => t.app.services.registry.get<WarehouseSystems>('warehouse-systems');

const wdo = (code: string, skuIds: number[], skuCodes: string[]): IssueDocumentRequest => ({
  kind: 'WDO',
  docId: 1,
  docCode: code,
  docType: 'WDO_OTHER',
  lines: skuIds.map((skuId, i) => ({ lineId: 100 + i, skuId, skuCode: skuCodes[i]!, skuName: null, barCode: null, qty: 5 })),
  party: { name: 'Zhang San', phone: '13800000000', province: '浙江省', city: '杭州市', street: '文一路 1 号' },
});

const failureOf = async (run: Promise<unknown>) => {
  try {
    await run;
    return null;
  } catch (error) {
    return error instanceof WarehouseConnectorError ? error.kind : String(error);
  }
};

describe('warehouse-system connectors', () => {
  it('gives no connector to a seller-run warehouse, the sandbox to a SANDBOX WMS or Qimen warehouse, Qimen to a real Qimen warehouse, and "not in build" to every other real system', async () => {
    const w = await inboundWorld(t);
    const self = await systems().target(w.domainId, w.warehouseId);
    expect(systems().connectorFor(self)).toBeNull();
    expect(systems().usesWarehouseSystem(self)).toBe(false);
    const sandbox = await warehouseRow(t, w.domainId, { type: 'QIMEN_WAREHOUSE', externalCode: 'sandbox-qm' });
    expect(systems().connectorFor(await systems().target(w.domainId, sandbox.warehouseId))?.system).toBe('SANDBOX');
    const qimen = await warehouseRow(t, w.domainId, { type: 'QIMEN_WAREHOUSE', externalCode: 'REAL-QM' });
    expect(systems().connectorFor(await systems().target(w.domainId, qimen.warehouseId))?.system).toBe('QIMEN');
    for (const type of ['WMS_WAREHOUSE', 'SP_WAREHOUSE', 'BYTE_WAREHOUSE', 'GTWMS_WAREHOUSE']) {
      const real = await warehouseRow(t, w.domainId, { type, externalCode: 'REAL-01' });
      const target = await systems().target(w.domainId, real.warehouseId);
      expect(systems().usesWarehouseSystem(target)).toBe(true);
      const refused = await systems()
        .issueDocument(target, wdo('WDO-X', w.skuIds, w.skuCodes))
        .catch((e) => e);
      expect(refused).toBeInstanceOf(WarehouseConnectorError);
      expect(refused).toMatchObject({ kind: 'NOT_IN_BUILD', code: 'ERR_WMS_NOT_IN_BUILD' });
      expect(refused.retryable).toBe(false);
    }
    const other = await inboundWorld(t);
    await expect(systems().target(other.domainId, sandbox.warehouseId)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
  });

  it('issues an outbound order once per code, ships it in part, reports shipments until acknowledged, and cancels the rest', async () => {
    const w = await inboundWorld(t, { type: 'WMS_WAREHOUSE', externalCode: 'SANDBOX-1' });
    const target = await systems().target(w.domainId, w.warehouseId);
    const request = wdo('WDO-1', w.skuIds.slice(0, 2), w.skuCodes.slice(0, 2));
    const issued = await systems().issueDocument(target, request);
    expect(issued).toMatchObject({ kind: 'WDO', docCode: 'WDO-1', status: 'SENTED' });
    expect(await systems().issueDocument(target, request)).toEqual(issued);

    const view = await t.call('/cloud/wms/sandbox/view', { warehouseId: w.warehouseId }, { token: w.token });
    const document = view.body.data.documents[0];
    expect(document).toMatchObject({ kind: 'WDO', status: 'SENTED' });
    const shipped = await t.call(
      '/cloud/wms/sandbox/fulfil',
      { warehouseId: w.warehouseId, documentId: document.id, lines: [{ lineId: 100, qty: 5 }], expressCompanyCode: 'SF', expressNo: 'SF123' },
      { token: w.token },
    );
    expect(shipped.body.data.status).toBe('IN_PROCESS');

    const connector = systems().connectorFor(target)!;
    expect(await connector.fetchResults(target, { kind: 'ASN' })).toEqual([]);
    const results = await connector.fetchResults(target, { kind: 'WDO' });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ type: 'SHIPMENT', docCode: 'WDO-1', status: 'IN_PROCESS', expressCompanyCode: 'SF', expressNo: 'SF123', lines: [{ lineId: 100, qty: 5 }] });
    // Not acknowledged: the same result again.
    expect((await connector.fetchResults(target, { kind: 'WDO' })).map((r) => r.resultId)).toEqual([results[0]!.resultId]);
    await connector.acknowledgeResults(target, [results[0]!.resultId]);
    expect(await connector.fetchResults(target, { kind: 'WDO' })).toEqual([]);

    expect(await systems().cancelDocument(target, { kind: 'WDO', docCode: 'WDO-1' })).toMatchObject({ status: 'CLOSED' });
    // A fulfilled document cannot be cancelled; an unknown one is refused.
    const second = await systems().issueDocument(target, wdo('WDO-2', w.skuIds.slice(0, 1), w.skuCodes.slice(0, 1)));
    const docs = (await t.call('/cloud/wms/sandbox/view', { warehouseId: w.warehouseId }, { token: w.token })).body.data.documents;
    await t.call('/cloud/wms/sandbox/fulfil', { warehouseId: w.warehouseId, documentId: docs.find((d: any) => d.docCode === second.docCode).id }, { token: w.token });
    expect(await failureOf(systems().cancelDocument(target, { kind: 'WDO', docCode: 'WDO-2' }))).toBe('REJECTED');
    expect(await failureOf(systems().cancelDocument(target, { kind: 'WDO', docCode: 'NOPE' }))).toBe('REJECTED');
    // The same code cannot be issued again once cancelled.
    expect(await failureOf(systems().issueDocument(target, request))).toBe('REJECTED');
  });

  it('fails the calls it is told to, in order and per operation, and draws random failures that replay exactly', async () => {
    const w = await inboundWorld(t, { type: 'WMS_WAREHOUSE', externalCode: 'SANDBOX-2' });
    const target = await systems().target(w.domainId, w.warehouseId);
    const connector = systems().connectorFor(target)!;
    await t.call(
      '/cloud/wms/sandbox/failNext',
      {
        warehouseId: w.warehouseId,
        failures: [
          { kind: 'REJECTED', operation: 'fetch' },
          { kind: 'TIMEOUT', operation: 'issue' },
          { kind: 'ERROR', operation: null },
        ],
      },
      { token: w.token },
    );
    const request = wdo('WDO-F', w.skuIds.slice(0, 1), w.skuCodes.slice(0, 1));
    expect(await failureOf(systems().issueDocument(target, request))).toBe('TIMEOUT');
    expect(await failureOf(systems().issueDocument(target, request))).toBe('SYSTEM_ERROR');
    expect(await failureOf(connector.fetchResults(target, { kind: 'WDO' }))).toBe('REJECTED');
    expect(await failureOf(systems().issueDocument(target, request))).toBeNull();

    // A real deadline: latency beyond the caller's timeout.
    const settings = await t.call('/cloud/wms/sandbox/view', { warehouseId: w.warehouseId }, { token: w.token });
    await t.call('/cloud/wms/sandbox/settings', { warehouseId: w.warehouseId, version: settings.body.data.version, failureRate: 0.5, latencyMs: 200, cancelMode: 'IMMEDIATE', rejectSkuCodes: [] }, { token: w.token });
    expect(await failureOf(connector.fetchResults(target, { kind: 'ASN' }, { timeoutMs: 50 }))).toBe('TIMEOUT');
    const stale = await t.call('/cloud/wms/sandbox/settings', { warehouseId: w.warehouseId, version: settings.body.data.version, failureRate: 0, latencyMs: 0, cancelMode: 'IMMEDIATE', rejectSkuCodes: [] }, { token: w.token });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');

    // With a 50% rate, each call fails exactly when its drawn number says so.
    const before = (await t.call('/cloud/wms/sandbox/view', { warehouseId: w.warehouseId }, { token: w.token })).body.data.callCount as number;
    const outcomes: (string | null)[] = [];
    const expected: (string | null)[] = [];
    for (let n = 1; n <= 8; n++) {
      outcomes.push(await failureOf(connector.fetchResults(target, { kind: 'ASN' })));
      expected.push(drawFraction(w.domainId, w.warehouseId, before + n) < 0.5 ? 'SYSTEM_ERROR' : null);
    }
    expect(outcomes).toEqual(expected);
  });

  it('leaves a result whose booking failed for the next poll, and books it once when it succeeds', async () => {
    const w = await inboundWorld(t, { type: 'WMS_WAREHOUSE', externalCode: 'SANDBOX-3' });
    const target = await systems().target(w.domainId, w.warehouseId);
    await systems().issueDocument(target, wdo('WDO-P', w.skuIds.slice(0, 1), w.skuCodes.slice(0, 1)));
    const document = (await t.call('/cloud/wms/sandbox/view', { warehouseId: w.warehouseId }, { token: w.token })).body.data.documents[0];
    await t.call('/cloud/wms/sandbox/fulfil', { warehouseId: w.warehouseId, documentId: document.id }, { token: w.token });
    const booked: string[] = [];
    let failing = true;
    systems().onResults('WDO', async (_tx, _target, result) => {
      if (failing) throw new Error('database briefly away');
      booked.push(result.resultId);
      return { outcome: 'BOOKED' };
    });
    const first = await systems().pollResults(w.domainId, w.warehouseId, 'WDO');
    expect(first).toMatchObject({ fetched: 1, booked: 0, failed: [{ message: 'database briefly away' }] });
    failing = false;
    expect(await systems().pollResults(w.domainId, w.warehouseId, 'WDO')).toMatchObject({ fetched: 1, booked: 1, failed: [] });
    expect(await systems().pollResults(w.domainId, w.warehouseId, 'WDO')).toMatchObject({ fetched: 0 });
    expect(booked).toHaveLength(1);
  });
});

describe('the sandbox warehouse console', () => {
  it('lets only warehouse configurers change it: a picker with the orders and stock menus sees it, gets 403 on every change and changes nothing', async () => {
    const w = await inboundWorld(t, { type: 'WMS_WAREHOUSE', externalCode: 'SANDBOX-4' });
    const target = await systems().target(w.domainId, w.warehouseId);
    const first = await t.call('/cloud/wms/sandbox/view', { warehouseId: w.warehouseId }, { token: w.token });
    await t.call('/cloud/wms/sandbox/settings', { warehouseId: w.warehouseId, version: first.body.data.version, failureRate: 0, latencyMs: 0, cancelMode: 'CONFIRM', rejectSkuCodes: [] }, { token: w.token });
    await systems().issueDocument(target, wdo('WDO-A', w.skuIds.slice(0, 1), w.skuCodes.slice(0, 1)));
    await systems().issueDocument(target, wdo('WDO-B', w.skuIds.slice(0, 1), w.skuCodes.slice(0, 1)));
    expect(await systems().cancelDocument(target, { kind: 'WDO', docCode: 'WDO-B' })).toMatchObject({ status: 'CANCELING' });

    const picker = await t.factories.subAccount(w.domainId, { menus: ['MENU_ERPSO', 'MENU_INV'] });
    const keeper = await t.factories.subAccount(w.domainId, { menus: ['MENU_WH_LIST'] });
    const asPicker = { token: await t.token(picker.loginName, picker.password) };
    const asKeeper = { token: await t.token(keeper.loginName, keeper.password) };
    const viewAs = async (as: { token: string }) => {
      const answer = await t.call('/cloud/wms/sandbox/view', { warehouseId: w.warehouseId }, as);
      expect(answer.body.success).toBe(true);
      return answer.body.data;
    };
    const before = await viewAs(asPicker);
    const toShip = before.documents.find((d: any) => d.docCode === 'WDO-A');
    const toConfirm = before.documents.find((d: any) => d.docCode === 'WDO-B');
    const changes: [string, Record<string, unknown>][] = [
      ['/cloud/wms/sandbox/settings', { warehouseId: w.warehouseId, version: before.version, failureRate: 1, latencyMs: 5000, cancelMode: 'IMMEDIATE', rejectSkuCodes: [w.skuCodes[0]] }],
      ['/cloud/wms/sandbox/failNext', { warehouseId: w.warehouseId, failures: [{ kind: 'ERROR', operation: 'issue' }] }],
      ['/cloud/wms/sandbox/fulfil', { warehouseId: w.warehouseId, documentId: toShip.id }],
      ['/cloud/wms/sandbox/confirmCancel', { warehouseId: w.warehouseId, documentId: toConfirm.id }],
    ];
    for (const [url, body] of changes) {
      const answer = await t.call(url, body, asPicker);
      expect(answer.status, url).toBe(403);
      expect(answer.body.errorCode, url).toBe('ERR_SECURITY_NO_PERMISSION');
    }
    expect(await viewAs(asPicker)).toEqual(before);

    // Whoever configures warehouses still drives it.
    for (const [url, body] of changes) expect((await t.call(url, body, asKeeper)).body.success, url).toBe(true);
    const after = await viewAs(asKeeper);
    expect(after).toMatchObject({ failureRate: 1, latencyMs: 5000, cancelMode: 'IMMEDIATE', forcedFailures: [{ kind: 'ERROR', operation: 'issue' }] });
    expect(after.documents.map((d: any) => [d.docCode, d.status]).sort()).toEqual([
      ['WDO-A', 'FULFILLED'],
      ['WDO-B', 'CANCEL'],
    ]);
  });
});
