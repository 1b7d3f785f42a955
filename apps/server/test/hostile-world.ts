// A domain with something of each kind at the lowest ids, so a payload made from a contract
// (ids of 1) reaches the handlers' work instead of stopping at "not found".
import type { TestApp } from './harness.js';
import { chooseCarriers } from './factories/express.js';
import { supplierRow } from './factories/inbound.js';
import { inventoryWorld } from './factories/inventory.js';
import { createStore } from './factories/stores.js';

export async function hostileWorld(t: TestApp) {
  const world = await inventoryWorld(t, { skus: 3, locations: 2 });
  await chooseCarriers(t, world.token, ['SF', 'ZTO']);
  const store = await createStore(t, world.token);
  const supplier = await supplierRow(t, world.domainId);
  const goodsClass = await t.call('/myhome/spuSysClassify/create', { code: 'C1', name: 'Class 1' }, { token: world.token });
  if (!goodsClass.body.success) throw new Error(`class not created: ${JSON.stringify(goodsClass.body)}`);
  return { ...world, storeId: store.id, supplierId: supplier.id, classId: goodsClass.body.data.id as number };
}
