// Factories of the warehouses tests: warehouses and locations through the API, stores inserted
// directly (the stores area owns them).
import { stores } from '../../src/db/schema/index.js';
import { uniqueName, type TestApp } from '../harness.js';

export interface SignedInSeller {
  domainId: number;
  userId: number;
  loginName: string;
  password: string;
  token: string;
}

/** A seller domain with its main account signed in. */
export async function signedInSeller(t: TestApp, options: { level?: string } = {}): Promise<SignedInSeller> {
  const seller = await t.factories.sellerDomain(options);
  return { ...seller, token: await t.token(seller.loginName, seller.password) };
}

/** A sub-account of the domain, signed in, with only the given menus (and fields). */
export async function signedInStaff(t: TestApp, domainId: number, menus: string[], fields: string[] = []): Promise<string> {
  const staff = await t.factories.subAccount(domainId, { menus, fields });
  return t.token(staff.loginName, staff.password);
}

export function warehouseInput(overrides: Record<string, unknown> = {}) {
  const code = uniqueName('WH').toUpperCase();
  return {
    code,
    name: `Warehouse ${code}`,
    type: 'SELF_WAREHOUSE',
    contact: 'Li Lei',
    phone: '13800138000',
    province: '浙江省',
    city: '杭州市',
    county: '西湖区',
    street: '文三路 1 号',
    ...overrides,
  };
}

/** A warehouse made through the API; fails the test when refused. */
export async function createWarehouse(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const answer = await t.call('/myhome/warehouse/create', warehouseInput(overrides), { token });
  if (!answer.body.success) throw new Error(`warehouse not created: ${JSON.stringify(answer.body)}`);
  return answer.body.data as { id: number; code: string; name: string; version: number; stopUsing: 0 | 1 };
}

export async function createLocation(t: TestApp, token: string, warehouseId: number, code: string, extra: Record<string, unknown> = {}) {
  const answer = await t.call('/myhome/location/create', { warehouseId, code, ...extra }, { token });
  if (!answer.body.success) throw new Error(`location not created: ${JSON.stringify(answer.body)}`);
  return answer.body.data as { id: number; code: string; version: number; warehouseId: number };
}

export async function storeRow(t: TestApp, domainId: number, name = uniqueName('Store ')) {
  const [row] = await t.database.db.insert(stores).values({ domainId, name, platformCode: 'CI_PLATFORM_TAOBAO' }).returning();
  return row!;
}
