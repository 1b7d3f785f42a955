// The warehouse-system conformance set (conformance.ts) on each connector: the sandbox WMS driven
// through its console and polled, and Qimen against its fake router/WMS, whose confirmations come
// back as signed callbacks to our endpoint. The outbound orders' results go to a recording handler
// here (the set is about the connectors, not the outbound area), which counts bookings per code.
import { sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { inboundWorld } from '../../../test/factories/inbound.js';
import { createTestApp } from '../../../test/harness.js';
import { describeWarehouseConformance } from './conformance.js';
import { fakeQimenTime, startFakeQimen } from './qimen/qimen.fake.js';
import type { WarehouseSystems } from './registry.js';

process.env.WMS_POLL_CRON = 'off';
process.env.OPENSELLER_CONNECTOR_QIMEN_APP_KEY = 'qm-conformance';
process.env.OPENSELLER_CONNECTOR_QIMEN_APP_SECRET = 'qm-conformance-secret';
const fake = await startFakeQimen({ appKey: 'qm-conformance', appSecret: 'qm-conformance-secret' });
process.env.OPENSELLER_CONNECTOR_QIMEN_GATEWAY_URL = fake.url;
const t = await createTestApp();
fake.callbackUrl = `${t.baseUrl}/open/wms/qimen/callback`;
afterAll(() => fake.close());

const systems = () => t.app.services.registry.get<WarehouseSystems>('warehouse-systems');
const bookings = new Map<string, number>();
systems().onResults('WDO', async (_tx, _target, result) => {
  if (result.type === 'SHIPMENT') bookings.set(result.docCode, (bookings.get(result.docCode) ?? 0) + 1);
  return { outcome: 'BOOKED' };
});

describeWarehouseConformance('the sandbox WMS', async () => {
  const w = await inboundWorld(t, { type: 'WMS_WAREHOUSE', externalCode: `SANDBOX-CF-${Date.now()}` });
  const target = await systems().target(w.domainId, w.warehouseId);
  const failNext = async (kind: string) => {
    const answer = await t.call('/cloud/wms/sandbox/failNext', { warehouseId: w.warehouseId, failures: [{ kind, operation: 'issue' }] }, { token: w.token });
    if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
  };
  const documentsOf = async () => (await t.call('/cloud/wms/sandbox/view', { warehouseId: w.warehouseId }, { token: w.token })).body.data.documents as { id: number; docCode: string }[];
  return {
    connector: systems().connectorFor(target)!,
    target,
    skus: w.skuIds.map((id, i) => ({ id, code: w.skuCodes[i]! })),
    refuseNext: () => failNext('REJECTED'),
    answerLateNext: () => failNext('TIMEOUT_AFTER_ACCEPT'),
    garbleNext: () => failNext('ERROR'),
    documents: async (docCode) => (await documentsOf()).filter((d) => d.docCode === docCode).length,
    async ship(docCode) {
      const document = (await documentsOf()).find((d) => d.docCode === docCode)!;
      const shipped = await t.call('/cloud/wms/sandbox/fulfil', { warehouseId: w.warehouseId, documentId: document.id, expressCompanyCode: 'SF', expressNo: 'SF1' }, { token: w.token });
      if (!shipped.body.success) throw new Error(JSON.stringify(shipped.body));
      await systems().pollResults(w.domainId, w.warehouseId, 'WDO');
      return {
        // The acknowledgement lost: the sandbox reports the same result again.
        async again() {
          await t.database.db.execute(sql`update sandbox_wms_results set acknowledged_at = null where domain_id = ${w.domainId} and warehouse_id = ${w.warehouseId}`);
          const summary = await systems().pollResults(w.domainId, w.warehouseId, 'WDO');
          if (summary.repeated !== 1) throw new Error(`expected the result again: ${JSON.stringify(summary)}`);
        },
      };
    },
    bookings: (docCode) => bookings.get(docCode) ?? 0,
  };
});

describeWarehouseConformance('Qimen against its fake', async () => {
  const warehouseCode = `QMWH-${Date.now().toString(36)}`;
  const w = await inboundWorld(t, { type: 'QIMEN_WAREHOUSE', externalCode: warehouseCode });
  await t.database.db.execute(sql`update warehouses set owner_code = ${'OWNER-' + w.domainId} where id = ${w.warehouseId}`);
  const target = await systems().target(w.domainId, w.warehouseId);
  return {
    connector: systems().connectorFor(target)!,
    target,
    skus: w.skuIds.map((id, i) => ({ id, code: w.skuCodes[i]! })),
    refuseNext: async () => fake.refuseNext('货品不存在', 'ITEM_NOT_FOUND'),
    answerLateNext: async () => fake.delayNext(1_000),
    garbleNext: async () => {
      // Every attempt of the call gets an answer cut off.
      for (let i = 0; i < 3; i++) fake.malformedNext();
    },
    documents: async (docCode) => (fake.document(docCode) ? 1 : 0),
    async ship(docCode) {
      const first = await fake.confirm(docCode, { expressCode: 'SF0000000001' });
      if (first.flag !== 'success') throw new Error(`confirmation refused: ${first.answer}`);
      return {
        // The warehouse did not hear our answer and confirms again: a new message, the same confirmation.
        async again() {
          const later = fakeQimenTime(new Date(Date.now() + 1_000));
          const second = await fake.sendCallback('taobao.qimen.stockout.confirm', first.body, { customerId: target.ownerCode!, timestamp: later });
          if (second.flag !== 'success') throw new Error(`the second confirmation was refused: ${second.answer}`);
        },
      };
    },
    bookings: (docCode) => bookings.get(docCode) ?? 0,
  };
});
