// Goods made through the API, as a person would make them.
import type { SpuCreateInputRaw, SpuRow } from '@openseller/core';
import { uniqueName, type TestApp } from '../harness.js';

export interface GoodsSeller {
  domainId: number;
  userId: number;
  loginName: string;
  password: string;
  token: string;
}

/** A seller domain with its main account signed in. */
export async function goodsSeller(t: TestApp): Promise<GoodsSeller> {
  const seller = await t.factories.sellerDomain();
  return { ...seller, token: await t.token(seller.loginName, seller.password) };
}

/** A sub-account of the domain holding only these menus (and fields), signed in. */
export async function goodsStaff(t: TestApp, domainId: number, menus: string[], fields: string[] = []): Promise<string> {
  const staff = await t.factories.subAccount(domainId, { menus, fields });
  return t.token(staff.loginName, staff.password);
}

/** Goods without variants (one SKU carrying the code), created through createSpuByHand. */
export async function createGoods(t: TestApp, token: string, input: Partial<SpuCreateInputRaw> = {}): Promise<SpuRow> {
  const answer = await t.call<SpuRow>('/myhome/spu/createSpuByHand', { code: uniqueName('G'), name: 'Test goods', price: '10', ...input }, { token });
  if (!answer.body.success) throw new Error(`creating goods failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** A combination of existing SKUs, created through createSpuByHand. */
export async function createCombination(
  t: TestApp,
  token: string,
  components: { id: number; qty: number; apportionCostPrice?: string }[],
  input: Partial<SpuCreateInputRaw> = {},
): Promise<SpuRow> {
  return createGoods(t, token, { name: 'Test combination', ...input, isCombination: true, components });
}
