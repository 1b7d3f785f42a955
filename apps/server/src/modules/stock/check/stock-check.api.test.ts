import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueName } from '../../../../test/harness.js';
import { anotherWarehouse, balanceOf, checkWorld, countSheet, ledgerMatchesBalances, putStock, type CheckWorld } from '../../../../test/factories/stock-check.js';

const t = await createTestApp();
const P = '/myhome/invAdjust';

async function create(w: CheckWorld, input: Record<string, unknown> = {}) {
  const answer = await t.call(`${P}/create`, { warehouseId: w.warehouseId, ...input }, { token: w.token });
  if (!answer.body.success) throw new Error(`creating a check failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

const count = (w: CheckWorld, id: number, lines: Record<string, unknown>[], token = w.token) => t.call(`${P}/count`, { id, lines }, { token });
const lines = (w: CheckWorld, id: number, extra: Record<string, unknown> = {}) => t.call(`${P}/lines`, { id, pageSize: 100, ...extra }, { token: w.token });

async function importFile(token: string, file: Buffer, options?: Record<string, unknown>) {
  const fields: Record<string, string> = { kind: 'STOCK_CHECK' };
  if (options) fields.options = JSON.stringify(options);
  const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'count.xlsx', data: file }, fields, { token });
  expect(started.body.success).toBe(true);
  return t.waitFor(
    async () => (await t.call('/cloud/core/import/get', { id: started.body.data.id }, { token })).body.data,
    (task) => task.status !== 'PARSING',
  );
}

async function loadImport(token: string, id: number) {
  await t.call('/cloud/core/import/confirm', { id, options: {} }, { token });
  return t.waitFor(
    async () => (await t.call('/cloud/core/import/get', { id }, { token })).body.data,
    (task) => task.status !== 'LOADING',
  );
}

async function ledgerOfCheck(domainId: number, checkId: number) {
  const { rows } = await t.database.pool.query(
    `select movement, sku_id, location_id, on_hand_delta, on_hand_after, doc_code from stock_ledger where domain_id = $1 and doc_type = 'STOCK_CHECK' and doc_id = $2 order by id`,
    [domainId, checkId],
  );
  return rows.map((r) => ({ movement: r.movement, skuId: Number(r.sku_id), locationId: Number(r.location_id), delta: r.on_hand_delta, after: r.on_hand_after, docCode: r.doc_code }));
}

describe('making a stock check', () => {
  it('puts every balance of the warehouse on the sheet and numbers the check by day', async () => {
    const w = await checkWorld(t, { skus: 3, locations: 2 });
    await putStock(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, onHand: 10 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[1], skuId: w.skuIds[0]!, onHand: 4 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[1], skuId: w.skuIds[1]!, onHand: 7, allocated: 2 },
    ]);
    const check = await create(w, { remark: 'year end' });
    expect(check).toMatchObject({ status: 'COUNTING', warehouseId: w.warehouseId, locationId: null, scopeSkuCount: 0, lineCount: 3, countedLines: 0, remark: 'year end', version: 0 });
    expect(check.code).toMatch(/^PD\d{8}-0001$/);
    const second = await create({ ...w, warehouseId: (await anotherWarehouse(t, w.domainId)).warehouseId });
    expect(second.code).toMatch(/-0002$/);

    const sheet = (await lines(w, check.id)).body.data;
    expect(sheet.total).toBe(3);
    expect(sheet.voList.map((l: any) => [l.locationCode, l.skuId, l.bookQty, l.allocated, l.countedQty, l.difference])).toEqual([
      ['A-0', w.skuIds[0], 10, 0, null, null],
      ['A-1', w.skuIds[0], 4, 0, null, null],
      ['A-1', w.skuIds[1], 7, 2, null, null],
    ]);
    const log = await t.database.pool.query(`select action, after from operation_logs where domain_id = $1 and area = 'stockcheck' and entity_id = $2`, [w.domainId, String(check.id)]);
    expect(log.rows).toEqual([expect.objectContaining({ action: 'create', after: expect.objectContaining({ code: check.code, lines: 3 }) })]);
  });

  it('scopes a check to one location and a SKU list, listing a chosen SKU that has no stock there', async () => {
    const w = await checkWorld(t, { skus: 3, locations: 2 });
    await putStock(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, onHand: 10 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[1], skuId: w.skuIds[0]!, onHand: 4 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[2]!, onHand: 6 },
    ]);
    const check = await create(w, { locationId: w.locationIds[0], skuIds: [w.skuIds[0], w.skuIds[1]] });
    expect(check).toMatchObject({ locationId: w.locationIds[0], locationCode: 'A-0', scopeSkuCount: 2, lineCount: 2 });
    expect(check.scopeSkus.map((s: any) => s.id).sort()).toEqual([w.skuIds[0], w.skuIds[1]].sort());
    const sheet = (await lines(w, check.id)).body.data.voList;
    expect(sheet.map((l: any) => [l.locationId, l.skuId, l.bookQty])).toEqual([
      [w.locationIds[0], w.skuIds[0], 10],
      [w.locationIds[0], w.skuIds[1], 0],
    ]);
  });

  it('refuses a scope that overlaps an open check of the warehouse, naming it, and allows a separate one', async () => {
    const w = await checkWorld(t, { skus: 2, locations: 2 });
    const first = await create(w, { locationId: w.locationIds[0] });
    const overlap = await t.call(`${P}/create`, { warehouseId: w.warehouseId }, { token: w.token });
    expect(overlap.status).toBe(409);
    expect(overlap.body).toMatchObject({ errorCode: 'ERR_STOCK_CHECK_SCOPE_OVERLAP', params: { code: first.code } });
    expect(overlap.body.message).toContain(first.code);
    const other = await t.call(`${P}/create`, { warehouseId: w.warehouseId, locationId: w.locationIds[1] }, { token: w.token });
    expect(other.body.success).toBe(true);
    const skuA = await t.call(`${P}/create`, { warehouseId: (await anotherWarehouse(t, w.domainId)).warehouseId, skuIds: [w.skuIds[0]] }, { token: w.token });
    expect(skuA.body.success).toBe(true);
    const { rows } = await t.database.pool.query(`select count(*)::int as n from stock_checks where domain_id = $1`, [w.domainId]);
    expect(rows[0].n).toBe(3);
  });

  it('refuses a location of another warehouse, an unknown SKU and a combination, naming the field', async () => {
    const w = await checkWorld(t, { skus: 1 });
    const other = await anotherWarehouse(t, w.domainId);
    const wrongLocation = await t.call(`${P}/create`, { warehouseId: w.warehouseId, locationId: other.locationIds[0] }, { token: w.token });
    expect(wrongLocation.body).toMatchObject({ errorCode: 'ERR_STOCK_CHECK_LOCATION_NOT_IN_WAREHOUSE', params: { field: 'locationId' } });
    const unknownSku = await t.call(`${P}/create`, { warehouseId: w.warehouseId, skuIds: [w.skuIds[0], 987654321] }, { token: w.token });
    expect(unknownSku.body).toMatchObject({ errorCode: 'ERR_STOCK_CHECK_SKU_UNKNOWN', params: { field: 'skuIds.1' } });
    await t.database.pool.query('update skus set is_combination = true where id = $1', [w.skuIds[0]]);
    const combination = await t.call(`${P}/create`, { warehouseId: w.warehouseId, skuIds: [w.skuIds[0]] }, { token: w.token });
    expect(combination.body).toMatchObject({ errorCode: 'ERR_STOCK_CHECK_COMBINATION', params: { field: 'skuIds.0' } });
    const noWarehouse = await t.call(`${P}/create`, {}, { token: w.token });
    expect(noWarehouse.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'warehouseId' } });
    await t.database.pool.query('update warehouses set stop_using = true where id = $1', [w.warehouseId]);
    const stopped = await t.call(`${P}/create`, { warehouseId: w.warehouseId }, { token: w.token });
    expect(stopped.body.errorCode).toBe('ERR_STOCK_CHECK_WAREHOUSE_STOPPED');
    const { rows } = await t.database.pool.query(`select count(*)::int as n from stock_checks where domain_id = $1`, [w.domainId]);
    expect(rows[0].n).toBe(0);
  });
});

describe('counting by hand', () => {
  it('records counts with the book quantity of that moment and shows the differences', async () => {
    const w = await checkWorld(t, { skus: 3, locations: 1 });
    const L = w.locationIds[0]!;
    await putStock(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: L, skuId: w.skuIds[0]!, onHand: 10 },
      { warehouseId: w.warehouseId, locationId: L, skuId: w.skuIds[1]!, onHand: 5 },
    ]);
    const check = await create(w);
    const answer = await count(w, check.id, [
      { skuId: w.skuIds[0], locationId: L, countedQty: 8 },
      { skuId: w.skuIds[1], locationId: L, countedQty: 5 },
      // Found on the shelf though the book has none: added to the check.
      { skuId: w.skuIds[2], locationId: L, countedQty: 3 },
    ]);
    expect(answer.body.success).toBe(true);
    expect(answer.body.data.lines.map((l: any) => [l.skuId, l.bookQty, l.countedQty, l.difference, l.added, l.countedBy])).toEqual([
      [w.skuIds[0], 10, 8, -2, false, expect.any(String)],
      [w.skuIds[1], 5, 5, 0, false, expect.any(String)],
      [w.skuIds[2], 0, 3, 3, true, expect.any(String)],
    ]);

    const diffs = (await t.call(`${P}/differences`, { id: check.id }, { token: w.token })).body.data;
    expect(diffs.voList.map((l: any) => [l.skuId, l.difference])).toEqual([
      [w.skuIds[0], -2],
      [w.skuIds[2], 3],
    ]);
    expect(diffs.totals).toEqual({ lineCount: 3, countedLines: 3, uncountedLines: 0, gainLines: 1, gainQty: 3, lossLines: 1, lossQty: 2, movedLines: 0 });
    expect((await lines(w, check.id, { filter: 'DIFFERENT' })).body.data.total).toBe(2);
    expect((await lines(w, check.id, { keyword: w.skuCodes[1] })).body.data.voList.map((l: any) => l.skuId)).toEqual([w.skuIds[1]]);

    // A count again replaces the first; clearing a found line takes it off the check.
    const line0 = answer.body.data.lines[0];
    const recount = await count(w, check.id, [{ skuId: w.skuIds[0], locationId: L, countedQty: 9, version: line0.version }]);
    expect(recount.body.data.lines[0]).toMatchObject({ countedQty: 9, difference: -1, version: line0.version + 1 });
    await count(w, check.id, [{ skuId: w.skuIds[2], locationId: L, countedQty: null }]);
    expect((await lines(w, check.id)).body.data.total).toBe(2);
    expect((await lines(w, check.id, { filter: 'UNCOUNTED' })).body.data.total).toBe(0);
    // Nothing moves before the check is confirmed.
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!, L)).toEqual({ onHand: 10, allocated: 0 });
  });

  it('refuses a negative or fractional count, an unknown SKU, a location of another warehouse, a line outside the scope and a stale line, changing nothing', async () => {
    const w = await checkWorld(t, { skus: 3, locations: 2 });
    const other = await anotherWarehouse(t, w.domainId);
    await putStock(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, onHand: 10 }]);
    const check = await create(w, { locationId: w.locationIds[0], skuIds: [w.skuIds[0], w.skuIds[1]] });
    const base = { skuId: w.skuIds[0], locationId: w.locationIds[0] };

    const negative = await count(w, check.id, [{ ...base, countedQty: -1 }]);
    expect(negative.status).toBe(400);
    expect(negative.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'lines.0.countedQty' } });
    const fraction = await count(w, check.id, [{ ...base, countedQty: 1.5 }]);
    expect(fraction.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'lines.0.countedQty' } });
    const unknown = await count(w, check.id, [{ ...base, countedQty: 1 }, { skuId: 987654321, locationId: w.locationIds[0], countedQty: 1 }]);
    expect(unknown.body).toMatchObject({ errorCode: 'ERR_STOCK_CHECK_SKU_UNKNOWN', params: { field: 'lines.1.skuId' } });
    const foreignLocation = await count(w, check.id, [{ ...base, locationId: other.locationIds[0], countedQty: 1 }]);
    expect(foreignLocation.body).toMatchObject({ errorCode: 'ERR_STOCK_CHECK_LOCATION_NOT_IN_WAREHOUSE', params: { field: 'lines.0.locationId' } });
    const otherLocation = await count(w, check.id, [{ ...base, locationId: w.locationIds[1], countedQty: 1 }]);
    expect(otherLocation.body).toMatchObject({ errorCode: 'ERR_STOCK_CHECK_OUT_OF_SCOPE', params: { field: 'lines.0.locationId', code: check.code } });
    const otherSku = await count(w, check.id, [{ ...base, skuId: w.skuIds[2], countedQty: 1 }]);
    expect(otherSku.body).toMatchObject({ errorCode: 'ERR_STOCK_CHECK_OUT_OF_SCOPE', params: { field: 'lines.0.skuId' } });
    expect(otherSku.body.message).toContain(w.skuCodes[2]);
    const stale = await count(w, check.id, [{ ...base, countedQty: 1, version: 5 }]);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ errorCode: 'ERR_VERSION_CONFLICT', params: { field: 'lines.0.countedQty' } });

    const { rows } = await t.database.pool.query(`select count(*)::int as n from stock_check_lines where check_id = $1 and counted_qty is not null`, [check.id]);
    expect(rows[0].n).toBe(0);
    expect((await lines(w, check.id)).body.data.total).toBe(2);
  });
});

describe('confirming', () => {
  it('adjusts on-hand by ADJUST movements of the counted lines only, and the ledger matches the balances', async () => {
    const w = await checkWorld(t, { skus: 4, locations: 1 });
    const L = w.locationIds[0]!;
    await putStock(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: L, skuId: w.skuIds[0]!, onHand: 10 },
      { warehouseId: w.warehouseId, locationId: L, skuId: w.skuIds[1]!, onHand: 5 },
      { warehouseId: w.warehouseId, locationId: L, skuId: w.skuIds[2]!, onHand: 7 },
    ]);
    const check = await create(w);
    await count(w, check.id, [
      { skuId: w.skuIds[0], locationId: L, countedQty: 12 },
      { skuId: w.skuIds[1], locationId: L, countedQty: 5 },
      { skuId: w.skuIds[3], locationId: L, countedQty: 2 },
    ]);
    const before = (await t.call(`${P}/get`, { id: check.id }, { token: w.token })).body.data;
    const confirmed = await t.call(`${P}/confirm`, { id: check.id, version: before.version }, { token: w.token });
    expect(confirmed.body.success).toBe(true);
    expect(confirmed.body.data).toMatchObject({ status: 'CONFIRMED', countedLines: 3, differentLines: 2, gainQty: 4, lossQty: 0, version: before.version + 1, confirmedBy: expect.any(String) });

    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!, L)).toEqual({ onHand: 12, allocated: 0 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[1]!, L)).toEqual({ onHand: 5, allocated: 0 });
    // Not counted: not adjusted.
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[2]!, L)).toEqual({ onHand: 7, allocated: 0 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[3]!, L)).toEqual({ onHand: 2, allocated: 0 });
    expect(await ledgerOfCheck(w.domainId, check.id)).toEqual([
      { movement: 'ADJUST', skuId: w.skuIds[0], locationId: L, delta: 2, after: 12, docCode: check.code },
      { movement: 'ADJUST', skuId: w.skuIds[3], locationId: L, delta: 2, after: 2, docCode: check.code },
    ]);
    expect(await ledgerMatchesBalances(t, w.domainId)).toBe(true);
    const sheet = (await lines(w, check.id, { filter: 'COUNTED' })).body.data.voList;
    expect(sheet.map((l: any) => [l.skuId, l.onHand, l.adjustQty])).toEqual([
      [w.skuIds[0], 10, 2],
      [w.skuIds[1], 5, 0],
      [w.skuIds[3], 0, 2],
    ]);
    const log = await t.database.pool.query(`select action, after from operation_logs where domain_id = $1 and area = 'stockcheck' and action = 'confirm'`, [w.domainId]);
    expect(log.rows[0].after).toMatchObject({ status: 'CONFIRMED', adjustedLines: 2, gainQty: 4 });
  });

  it('refuses confirming twice, a stale version, and counting a confirmed check', async () => {
    const w = await checkWorld(t, { skus: 1, locations: 0 });
    await putStock(t, w.domainId, [{ warehouseId: w.warehouseId, skuId: w.skuIds[0]!, onHand: 3 }]);
    const check = await create(w);
    await count(w, check.id, [{ skuId: w.skuIds[0], countedQty: 1 }]);
    const stale = await t.call(`${P}/confirm`, { id: check.id, version: check.version + 3 }, { token: w.token });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const first = await t.call(`${P}/confirm`, { id: check.id, version: check.version }, { token: w.token });
    expect(first.body.success).toBe(true);
    const again = await t.call(`${P}/confirm`, { id: check.id, version: first.body.data.version }, { token: w.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'ERR_STOCK_CHECK_NOT_COUNTING', params: { code: check.code, status: 'CONFIRMED' } });
    expect(again.body.message).toContain('confirmed');
    const late = await count(w, check.id, [{ skuId: w.skuIds[0], countedQty: 9 }]);
    expect(late.body.errorCode).toBe('ERR_STOCK_CHECK_NOT_COUNTING');
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 1, allocated: 0 });
    expect((await ledgerOfCheck(w.domainId, check.id)).length).toBe(1);
  });

  it('refuses confirming a check with nothing counted', async () => {
    const w = await checkWorld(t, { skus: 1, locations: 0 });
    const check = await create(w);
    const answer = await t.call(`${P}/confirm`, { id: check.id, version: check.version }, { token: w.token });
    expect(answer.body).toMatchObject({ errorCode: 'ERR_STOCK_CHECK_NOTHING_COUNTED' });
  });

  it('applies the difference found at the count to on-hand now when stock moved in between', async () => {
    const w = await checkWorld(t, { skus: 1, locations: 0 });
    await putStock(t, w.domainId, [{ warehouseId: w.warehouseId, skuId: w.skuIds[0]!, onHand: 10 }]);
    const check = await create(w);
    await count(w, check.id, [{ skuId: w.skuIds[0], countedQty: 8 }]);
    // 5 more arrive after the count.
    await putStock(t, w.domainId, [{ warehouseId: w.warehouseId, skuId: w.skuIds[0]!, onHand: 5 }]);
    const diffs = (await t.call(`${P}/differences`, { id: check.id }, { token: w.token })).body.data;
    expect(diffs.voList[0]).toMatchObject({ bookQty: 10, onHand: 15, countedQty: 8, difference: -2, movedSinceCount: true });
    expect(diffs.totals.movedLines).toBe(1);
    await t.call(`${P}/confirm`, { id: check.id, version: check.version }, { token: w.token });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 13, allocated: 0 });
    expect((await lines(w, check.id)).body.data.voList[0]).toMatchObject({ onHand: 15, bookQty: 10, adjustQty: -2 });
  });

  it('refuses a count that would leave on-hand below what is allocated, naming the line, and changes nothing', async () => {
    const w = await checkWorld(t, { skus: 2, locations: 1 });
    const L = w.locationIds[0]!;
    await putStock(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: L, skuId: w.skuIds[0]!, onHand: 10 },
      { warehouseId: w.warehouseId, locationId: L, skuId: w.skuIds[1]!, onHand: 10, allocated: 6 },
    ]);
    const check = await create(w);
    await count(w, check.id, [
      { skuId: w.skuIds[0], locationId: L, countedQty: 9 },
      { skuId: w.skuIds[1], locationId: L, countedQty: 4 },
    ]);
    const answer = await t.call(`${P}/confirm`, { id: check.id, version: check.version }, { token: w.token });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ errorCode: 'ERR_STOCK_CHECK_BELOW_ALLOCATED', params: { skuCode: w.skuCodes[1], locationCode: 'A-0', counted: 4, allocated: 6, after: 4, count: 1 } });
    expect(answer.body.message).toContain(w.skuCodes[1]);
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!, L)).toEqual({ onHand: 10, allocated: 0 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[1]!, L)).toEqual({ onHand: 10, allocated: 6 });
    expect((await t.call(`${P}/get`, { id: check.id }, { token: w.token })).body.data).toMatchObject({ status: 'COUNTING', version: check.version });
    expect(await ledgerOfCheck(w.domainId, check.id)).toEqual([]);
  });

  it('cancels a check without moving stock, after which it cannot be confirmed', async () => {
    const w = await checkWorld(t, { skus: 1, locations: 0 });
    await putStock(t, w.domainId, [{ warehouseId: w.warehouseId, skuId: w.skuIds[0]!, onHand: 4 }]);
    const check = await create(w);
    await count(w, check.id, [{ skuId: w.skuIds[0], countedQty: 1 }]);
    const cancelled = await t.call(`${P}/cancel`, { id: check.id, version: check.version }, { token: w.token });
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', cancelledAt: expect.any(String) });
    const confirm = await t.call(`${P}/confirm`, { id: check.id, version: cancelled.body.data.version }, { token: w.token });
    expect(confirm.body).toMatchObject({ errorCode: 'ERR_STOCK_CHECK_NOT_COUNTING', params: { status: 'CANCELLED' } });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 4, allocated: 0 });
    // The warehouse is free for a new check.
    expect((await t.call(`${P}/create`, { warehouseId: w.warehouseId }, { token: w.token })).body.success).toBe(true);
  });
});

describe('importing counted quantities', () => {
  it('routes each row to the open check covering it and records the counts', async () => {
    const w = await checkWorld(t, { skus: 3, locations: 2 });
    await putStock(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, onHand: 10 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[1], skuId: w.skuIds[1]!, onHand: 5 },
    ]);
    const check = await create(w);
    const file = await countSheet([
      [w.warehouseCode, 'A-0', w.skuCodes[0]!, 11],
      // No location: the SKU's one line in the check.
      [w.warehouseCode, '', w.skuCodes[1]!, '4'],
      // Found at A-1 though the book has none there.
      [w.warehouseCode, 'A-1', w.skuCodes[2]!, 2],
    ]);
    const task = await importFile(w.token, file);
    expect(task.status).toBe('PARSED');
    expect(task.summary).toEqual({ lines: 3, notOnSheet: 1, stockChecks: 1 });
    const done = await loadImport(w.token, task.id);
    expect(done.status).toBe('DONE');
    expect(done.result).toEqual({ lines: 3, notOnSheet: 1, stockChecks: 1 });
    const sheet = (await lines(w, check.id)).body.data.voList;
    expect(sheet.map((l: any) => [l.locationCode, l.skuId, l.bookQty, l.countedQty])).toEqual([
      ['A-0', w.skuIds[0], 10, 11],
      ['A-1', w.skuIds[1], 5, 4],
      ['A-1', w.skuIds[2], 0, 2],
    ]);
    const log = await t.database.pool.query(`select after from operation_logs where domain_id = $1 and area = 'stockcheck' and action = 'import'`, [w.domainId]);
    expect(log.rows[0].after).toMatchObject({ code: check.code, counted: 3, added: 1 });
  });

  it('lists every bad row with its field and loads nothing', async () => {
    const w = await checkWorld(t, { skus: 3, locations: 1 });
    const other = await anotherWarehouse(t, w.domainId, { locations: 0 });
    await t.database.db.execute(sql`insert into warehouse_locations (domain_id, warehouse_id, code) values (${w.domainId}, ${other.warehouseId}, 'ELSEWHERE')`);
    await putStock(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, onHand: 10 }]);
    const check = await create(w, { skuIds: [w.skuIds[0], w.skuIds[1]] });
    const file = await countSheet([
      [w.warehouseCode, 'A-0', w.skuCodes[0]!, -1],
      [w.warehouseCode, 'A-0', w.skuCodes[0]!, 2.5],
      [w.warehouseCode, 'A-0', 'NO-SUCH-SKU', 1],
      [w.warehouseCode, 'B-9', w.skuCodes[0]!, 1],
      [w.warehouseCode, 'ELSEWHERE', w.skuCodes[0]!, 1],
      ['NO-SUCH-WAREHOUSE', '', w.skuCodes[0]!, 1],
      [w.warehouseCode, 'A-0', w.skuCodes[2]!, 1],
      [w.warehouseCode, 'A-0', w.skuCodes[1]!, 1],
      [w.warehouseCode, 'A-0', w.skuCodes[1]!, 2],
      [w.warehouseCode, 'A-0', w.skuCodes[0]!, 'many'],
    ]);
    const task = await importFile(w.token, file);
    expect(task.status).toBe('INVALID');
    expect(task.errors.map((e: any) => [e.row, e.field])).toEqual([
      [2, 'countedQty'],
      [3, 'countedQty'],
      [4, 'skuCode'],
      [5, 'locationCode'],
      [6, 'locationCode'],
      [7, 'warehouse'],
      [8, 'skuCode'],
      [10, 'skuCode'],
      [11, 'countedQty'],
    ]);
    const byRow = new Map(task.errors.map((e: any) => [e.row, e.message]));
    const codeOf = new Map(task.errors.map((e: any) => [e.row, e.code]));
    expect(codeOf.get(2)).toBe('NEGATIVE');
    expect(byRow.get(2)).toBe('Cannot be negative');
    expect(codeOf.get(3)).toBe('WHOLE_NUMBER');
    expect(byRow.get(3)).toBe('Must be a whole number');
    expect(byRow.get(4)).toContain('NO-SUCH-SKU');
    expect(byRow.get(6)).toContain('another warehouse');
    expect(byRow.get(8)).toContain('No stock check');
    expect(byRow.get(10)).toBe('The same as row 9');
    expect(codeOf.get(10)).toBe('DUPLICATE_ROW');
    const { rows } = await t.database.pool.query(`select count(*)::int as n from stock_check_lines where check_id = $1 and counted_qty is not null`, [check.id]);
    expect(rows[0].n).toBe(0);
  });

  it('keeps to one check when the option checkId names it', async () => {
    const w = await checkWorld(t, { skus: 1, locations: 2 });
    const a = await create(w, { locationId: w.locationIds[0] });
    await create(w, { locationId: w.locationIds[1] });
    const file = await countSheet([
      [w.warehouseCode, 'A-0', w.skuCodes[0]!, 1],
      [w.warehouseCode, 'A-1', w.skuCodes[0]!, 2],
    ]);
    const pinned = await importFile(w.token, file, { checkId: a.id });
    expect(pinned.status).toBe('INVALID');
    expect(pinned.errors.map((e: any) => [e.row, e.field])).toEqual([[3, 'skuCode']]);
    await t.call(`${P}/cancel`, { id: a.id, version: a.version }, { token: w.token });
    const closed = await importFile(w.token, file, { checkId: a.id });
    expect(closed.status).toBe('FAILED');
    expect(closed.message).toContain('no longer counting');
  });

  it('fails the whole file when the check was confirmed between the check and the load', async () => {
    const w = await checkWorld(t, { skus: 2, locations: 0 });
    await putStock(t, w.domainId, [
      { warehouseId: w.warehouseId, skuId: w.skuIds[0]!, onHand: 3 },
      { warehouseId: w.warehouseId, skuId: w.skuIds[1]!, onHand: 3 },
    ]);
    const check = await create(w);
    const task = await importFile(w.token, await countSheet([[w.warehouseCode, '', w.skuCodes[0]!, 1]]));
    expect(task.status).toBe('PARSED');
    await count(w, check.id, [{ skuId: w.skuIds[1], countedQty: 3 }]);
    await t.call(`${P}/confirm`, { id: check.id, version: check.version }, { token: w.token });
    const done = await loadImport(w.token, task.id);
    expect(done.status).toBe('FAILED');
    expect(done.messageCode).toBe('DATA_CHANGED');
    expect(done.errors).toMatchObject([{ row: 2, field: 'skuCode', code: 'NO_OPEN_CHECK' }]);
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toEqual({ onHand: 3, allocated: 0 });
  });
});

describe('domains and permissions', () => {
  it('keeps another domain from reading, counting, confirming, cancelling or importing into a check', async () => {
    const w = await checkWorld(t, { skus: 1, locations: 0 });
    await putStock(t, w.domainId, [{ warehouseId: w.warehouseId, skuId: w.skuIds[0]!, onHand: 5 }]);
    const check = await create(w);
    const stranger = await checkWorld(t, { skus: 1, locations: 0 });
    const as = { token: stranger.token };
    for (const [path, body] of [
      ['get', { id: check.id }],
      ['lines', { id: check.id }],
      ['differences', { id: check.id }],
      ['count', { id: check.id, lines: [{ skuId: w.skuIds[0], countedQty: 1 }] }],
      ['confirm', { id: check.id, version: check.version }],
      ['cancel', { id: check.id, version: check.version }],
    ] as const) {
      const answer = await t.call(`${P}/${path}`, body, as);
      expect(answer.status, path).toBe(404);
      expect(answer.body.errorCode, path).toBe('ERR_NOT_FOUND');
    }
    expect((await t.call(`${P}/search`, {}, as)).body.data.total).toBe(0);
    // Making a check in the other domain's warehouse, or counting its SKU.
    expect((await t.call(`${P}/create`, { warehouseId: w.warehouseId }, as)).body.errorCode).toBe('ERR_NOT_FOUND');
    const own = await create(stranger);
    expect((await count(stranger, own.id, [{ skuId: w.skuIds[0], countedQty: 1 }])).body.errorCode).toBe('ERR_STOCK_CHECK_SKU_UNKNOWN');
    const task = await importFile(stranger.token, await countSheet([[w.warehouseCode, '', w.skuCodes[0]!, 1]]));
    expect(task.status).toBe('INVALID');
    expect(task.errors[0]).toMatchObject({ row: 2, field: 'warehouse' });
    expect((await t.call(`${P}/get`, { id: check.id }, { token: w.token })).body.data).toMatchObject({ status: 'COUNTING', countedLines: 0 });
  });

  it('refuses every call to a sub-account without the stock-check menu, and serves one with it', async () => {
    const w = await checkWorld(t, { skus: 1, locations: 0 });
    const check = await create(w);
    const picker = await t.factories.subAccount(w.domainId, { menus: ['MENU_ERPSO', 'MENU_INV'] });
    const token = await t.token(picker.loginName, picker.password);
    for (const [path, body] of [
      ['create', { warehouseId: w.warehouseId }],
      ['search', {}],
      ['get', { id: check.id }],
      ['lines', { id: check.id }],
      ['differences', { id: check.id }],
      ['count', { id: check.id, lines: [{ skuId: w.skuIds[0], countedQty: 1 }] }],
      ['confirm', { id: check.id, version: check.version }],
      ['cancel', { id: check.id, version: check.version }],
    ] as const) {
      const answer = await t.call(`${P}/${path}`, body, { token });
      expect(answer.status, path).toBe(403);
      expect(answer.body.errorCode, path).toBe('ERR_SECURITY_NO_PERMISSION');
    }
    const upload = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'c.xlsx', data: await countSheet([]) }, { kind: 'STOCK_CHECK' }, { token });
    expect(upload.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');

    const counter = await t.factories.subAccount(w.domainId, { menus: ['MENU_INV_ADJUST'] });
    const counterToken = await t.token(counter.loginName, counter.password);
    expect((await count(w, check.id, [{ skuId: w.skuIds[0], countedQty: 2 }], counterToken)).body.success).toBe(true);
    expect((await t.call(`${P}/search`, { status: 'COUNTING' }, { token: counterToken })).body.data.voList.map((c: any) => c.id)).toEqual([check.id]);
  });
});

describe('searching and references', () => {
  it('finds checks by status, warehouse and code, newest first', async () => {
    const w = await checkWorld(t, { skus: 1, locations: 2 });
    const a = await create(w, { locationId: w.locationIds[0] });
    const b = await create(w, { locationId: w.locationIds[1] });
    await t.call(`${P}/cancel`, { id: a.id, version: a.version }, { token: w.token });
    const all = (await t.call(`${P}/search`, { warehouseId: -1 }, { token: w.token })).body.data;
    expect(all.voList.map((c: any) => c.id)).toEqual([b.id, a.id]);
    expect((await t.call(`${P}/search`, { status: 'CANCELLED' }, { token: w.token })).body.data.voList.map((c: any) => c.id)).toEqual([a.id]);
    expect((await t.call(`${P}/search`, { code: b.code.slice(-6) }, { token: w.token })).body.data.voList.map((c: any) => c.id)).toEqual([b.id]);
    const other = await anotherWarehouse(t, w.domainId);
    expect((await t.call(`${P}/search`, { warehouseId: other.warehouseId }, { token: w.token })).body.data.total).toBe(0);
    const bad = await t.call(`${P}/search`, { status: 'DONE' }, { token: w.token });
    expect(bad.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'status' } });
  });

  it('keeps a location on an open check from being deleted', async () => {
    const w = await checkWorld(t, { skus: 1, locations: 1 });
    const code = uniqueName('L').slice(0, 20);
    const made = await t.call('/myhome/location/create', { warehouseId: w.warehouseId, code }, { token: w.token });
    const check = await create(w, { locationId: made.body.data.id });
    const refused = await t.call('/myhome/location/delete', { idList: [made.body.data.id] }, { token: w.token });
    expect(refused.body.errorCode).toBe('ERR_LOCATION_IN_USE');
    await t.call(`${P}/cancel`, { id: check.id, version: check.version }, { token: w.token });
    expect((await t.call('/myhome/location/delete', { idList: [made.body.data.id] }, { token: w.token })).body.success).toBe(true);
  });
});
