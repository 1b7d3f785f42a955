// Receivers behind the reveal permission, over HTTP: the main account reveals and every reveal is
// logged, a sub-account without RECEIVER_DECRYPT is refused (and the refusal logged) and never
// receives a full phone number from any order call, a sub-account granted the field reveals, the
// print-time reveal takes reviewed orders only, and another seller finds nothing.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { signedInSeller, signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';
import { erpOrders } from '../../../db/schema/index.js';

const t = await createTestApp();
const { db } = t.database;
const PHONE = '13912345678';
const RECEIVER = { name: '欧阳娜娜', phone: PHONE, province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路 90 号 3 幢' };

async function seller() {
  const s = await signedInSeller(t);
  const store = await storeRow(t, s.domainId);
  const pending = await insertOrder(t, s.domainId, { storeId: store.id, receiver: RECEIVER, lines: [{ skuId: null, qty: 1 }] });
  const reviewed = await insertOrder(t, s.domainId, { storeId: store.id, statusCode: 'CI_ERPSOH_STATUS_VERIFIED', expressCompanyCode: 'ZTO', receiver: RECEIVER, lines: [{ skuId: null, qty: 1 }] });
  await db.update(erpOrders).set({ expressNo: `ZTO${Date.now()}` }).where(eq(erpOrders.id, reviewed.id));
  return { ...s, storeId: store.id, pending, reviewed };
}

async function logsOf(id: number) {
  const rows = await db.execute<{ action: string; login_name: string; after: any }>(
    sql`select action, login_name, after from operation_logs where entity_type = 'erp_order' and entity_id = ${String(id)} and action like 'revealReceiver%' order by id`,
  );
  return rows.rows.map((r) => ({ action: r.action, loginName: r.login_name, scene: r.after?.scene }));
}

describe('reveal of receivers', () => {
  it('answers lists and details masked, and the full receiver to the main account through decrypt, logged', async () => {
    const s = await seller();
    const detail = await t.call('/myhome/erpsoh/getErpSoH', { id: s.pending.id }, { token: s.token });
    expect(detail.body.data).toMatchObject({ receiverPhone: '139****5678' });
    expect(detail.body.data.receiverName).not.toBe('欧阳娜娜');
    expect(detail.body.data.receiverAddress).not.toBe(RECEIVER.address);
    expect(JSON.stringify(detail.body)).not.toContain(PHONE);

    const prepared = await t.call('/myhome/erpsoh/prepareDecrypt', { idList: [s.pending.id, 999_999_999] }, { token: s.token });
    expect(prepared.body.data).toEqual({ allowed: true, idList: [s.pending.id], missingIds: [999_999_999] });
    expect(await logsOf(s.pending.id)).toEqual([]);

    const revealed = await t.call('/cloud/core/decrypt', { idList: [s.pending.id] }, { token: s.token });
    expect(revealed.body.data.voList).toEqual([
      expect.objectContaining({ id: s.pending.id, receiverName: '欧阳娜娜', receiverPhone: PHONE, receiverAddress: '文三路 90 号 3 幢' }),
    ]);
    expect(await logsOf(s.pending.id)).toEqual([{ action: 'revealReceiver', loginName: s.loginName, scene: 'VIEW' }]);

    // The log centre shows who saw which order.
    const docs = await t.call('/myhome/docLog/search', { entityType: 'erp_order', entityId: String(s.pending.id) }, { token: s.token });
    expect(docs.body.data.voList.map((r: any) => r.action)).toContain('revealReceiver');
  });

  it('refuses a sub-account without the permission, logs the refusal, and reveals to one granted it', async () => {
    const s = await seller();
    const plain = await signedInStaff(t, s.domainId, ['MENU_ERPSO']);
    const prepared = await t.call('/myhome/erpsoh/prepareDecrypt', { idList: [s.pending.id] }, { token: plain });
    expect(prepared.body.data.allowed).toBe(false);
    const refused = await t.call('/cloud/core/decrypt', { idList: [s.pending.id] }, { token: plain });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, errorCode: 'ERR_ORDER_REVEAL_FORBIDDEN' });
    expect(JSON.stringify(refused.body)).not.toContain(PHONE);
    expect(await logsOf(s.pending.id)).toEqual([expect.objectContaining({ action: 'revealReceiverRefused', scene: 'VIEW' })]);

    const granted = await signedInStaff(t, s.domainId, ['MENU_ERPSO'], ['RECEIVER_DECRYPT']);
    const ok = await t.call('/cloud/core/decrypt', { idList: [s.pending.id] }, { token: granted });
    expect(ok.body.data.voList[0].receiverPhone).toBe(PHONE);
  });

  it('reveals for printing only reviewed orders, logged as PRINT', async () => {
    const s = await seller();
    const pending = await t.call('/myhome/erpsoh/verifySoHDividualByHand', { idList: [s.pending.id] }, { token: s.token });
    expect(pending.body).toMatchObject({ success: false, errorCode: 'ERR_ORDER_REVEAL_PRINT_STATUS' });
    const ok = await t.call('/myhome/erpsoh/verifySoHDividualByHand', { idList: [s.reviewed.id] }, { token: s.token });
    expect(ok.body.data.voList[0]).toMatchObject({ id: s.reviewed.id, receiverPhone: PHONE });
    expect(await logsOf(s.reviewed.id)).toEqual([expect.objectContaining({ action: 'revealReceiver', scene: 'PRINT' })]);
  });

  it('refuses bad input naming the field, and finds nothing of another seller', async () => {
    const s = await seller();
    const empty = await t.call('/cloud/core/decrypt', { idList: [] }, { token: s.token });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('idList');
    const scene = await t.call('/cloud/core/decrypt', { idList: [s.pending.id], scene: 'PEEK' }, { token: s.token });
    expect(JSON.stringify(scene.body)).toContain('scene');
    const other = await signedInSeller(t);
    const theirs = await t.call('/cloud/core/decrypt', { idList: [s.pending.id] }, { token: other.token });
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain(PHONE);
    const prepared = await t.call('/myhome/erpsoh/prepareDecrypt', { idList: [s.pending.id] }, { token: other.token });
    expect(prepared.body.data).toEqual({ allowed: true, idList: [], missingIds: [s.pending.id] });
    expect(await logsOf(s.pending.id)).toEqual([]);
  });

  it('never sends a full phone number to a sub-account without the permission, from any order call', async () => {
    const s = await seller();
    // An archived order too: sent 200 days ago.
    const sent = await insertOrder(t, s.domainId, { storeId: s.storeId, statusCode: 'CI_ERPSOH_STATUS_SEND', receiver: RECEIVER, lines: [{ skuId: null, qty: 1 }] });
    await db.execute(sql`update erp_orders set delivery_time = now() - interval '200 days' where id = ${sent.id}`);
    const staff = await signedInStaff(t, s.domainId, ['MENU_ERPSO', 'MENU_BIZ_LOG', 'MENU_DATA_DOWNLOAD']);
    const template = (await t.call('/myhome/template/getPrintTemplates', {}, { token: staff })).body.data.voList[0];
    const answers = [
      await t.call('/myhome/erpsoh/searchErpSoHPageList', { activeKey: '6', pageSize: 50 }, { token: staff }),
      await t.call('/myhome/erpsoh/getErpSoH', { id: s.pending.id }, { token: staff }),
      await t.call('/myhome/erpsoh/getErpSoH', { id: s.reviewed.id }, { token: staff }),
      await t.call('/myhome/erpsod/searchErpSoDList', { sohId: s.pending.id }, { token: staff }),
      await t.call('/cloud/core/archiveSo/searchPageList', {}, { token: staff }),
      await t.call('/myhome/erpsolr/getErpSoHArchiveById', { id: sent.id }, { token: staff }),
      await t.call('/myhome/print/getPrintInfo', { idList: [s.reviewed.id], templateId: template.id }, { token: staff }),
      await t.call('/cloud/core/decrypt', { idList: [s.pending.id, s.reviewed.id] }, { token: staff }),
      await t.call('/myhome/erpsoh/verifySoHDividualByHand', { idList: [s.reviewed.id] }, { token: staff }),
      await t.call('/myhome/erpsoh/getMergeSoList', { id: s.pending.id }, { token: staff }),
      await t.call('/myhome/docLog/search', { entityType: 'erp_order' }, { token: staff }),
    ];
    // The calls answered (the print answer too, with a masked receiver), and none holds the phone.
    expect(answers.filter((a) => a.body.success).length).toBeGreaterThanOrEqual(9);
    const label = answers[6]!.body.data.voList[0];
    expect(label.values.receiverPhone).toBe('139****5678');
    for (const a of answers) expect(JSON.stringify(a.body)).not.toContain(PHONE);
    // The main account's print shows the receiver in full, and is logged as a PRINT reveal.
    const mainPrint = await t.call('/myhome/print/getPrintInfo', { idList: [s.reviewed.id], templateId: template.id }, { token: s.token });
    expect(mainPrint.body.data.voList[0].values.receiverPhone).toBe(PHONE);
    expect((await logsOf(s.reviewed.id)).map((l) => `${l.action}:${l.scene}`)).toEqual(['revealReceiverRefused:VIEW', 'revealReceiverRefused:PRINT', 'revealReceiver:PRINT']);
  });
});
