// Stores made through the API, and the sandbox marketplace's authorization run as a browser runs
// it: authorization URL, consent page, the "allow" form, the redirect, the callback.
import type { AuthorizationResult, SandboxItemInput, StoreCreateInput, StoreRow } from '@openseller/core';
import { uniqueName, type TestApp } from '../harness.js';

export interface StoreSeller {
  domainId: number;
  userId: number;
  loginName: string;
  password: string;
  token: string;
}

/** A seller domain (PRO unless told) with its main account signed in. */
export async function storeSeller(t: TestApp, level = 'PRO'): Promise<StoreSeller> {
  const seller = await t.factories.sellerDomain({ level });
  return { ...seller, token: await t.token(seller.loginName, seller.password) };
}

export async function createStore(t: TestApp, token: string, input: Partial<StoreCreateInput> = {}): Promise<StoreRow> {
  const online = (input.storeType ?? 1) === 1;
  const answer = await t.call<StoreRow>('/cloud/domain/store/createStore', { name: uniqueName('Store '), storeType: 1, ...(online ? { platformCode: 'SANDBOX' } : {}), ...input }, { token });
  if (!answer.body.success) throw new Error(`creating a store failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export const createSandboxStore = (t: TestApp, token: string, name?: string) => createStore(t, token, { platformCode: 'SANDBOX', ...(name ? { name } : {}) });

/** The consent page's answer to a decision: where the browser is sent (the Location header). */
export async function consent(t: TestApp, authorizationUrl: string, decision: 'allow' | 'deny'): Promise<URL> {
  const consentUrl = new URL(authorizationUrl, t.baseUrl);
  const page = await fetch(consentUrl);
  if (page.status !== 200) throw new Error(`the consent page answered ${page.status}: ${await page.text()}`);
  const form = new URLSearchParams({
    shop: consentUrl.searchParams.get('shop')!,
    state: consentUrl.searchParams.get('state')!,
    redirect_uri: consentUrl.searchParams.get('redirect_uri')!,
    decision,
  });
  const answer = await fetch(new URL(consentUrl.pathname, t.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  if (answer.status !== 302) throw new Error(`the consent form answered ${answer.status}: ${await answer.text()}`);
  const location = answer.headers.get('location')!;
  // The redirect lands on the web app's hash route /#/authorization?code=…&state=…
  const hash = new URL(location).hash;
  return new URL(hash.slice(1), 'http://app');
}

/** Runs the whole sandbox authorization of a store; answers the callback's answer. */
export async function authorizeSandboxStore(t: TestApp, token: string, storeId: number): Promise<AuthorizationResult> {
  const start = await t.call<{ authorizationUrl: string }>('/cloud/domain/store/getAuthorizationUrl', { id: storeId }, { token });
  if (!start.body.success) throw new Error(`starting the authorization failed: ${JSON.stringify(start.body)}`);
  const back = await consent(t, start.body.data.authorizationUrl, 'allow');
  const answer = await t.call<AuthorizationResult>('/cloud/domain/store/authorizationCallback', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  if (!answer.body.success) throw new Error(`the authorization callback failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** An authorized sandbox store. */
export async function authorizedSandboxStore(t: TestApp, token: string, name?: string): Promise<StoreRow> {
  const store = await createSandboxStore(t, token, name);
  await authorizeSandboxStore(t, token, store.id);
  const answer = await t.call<StoreRow>('/cloud/domain/store/getStore', { id: store.id }, { token });
  return answer.body.data;
}

/** Adds items to a sandbox store's shop through the console; each has `skus` SKUs. */
export async function addSandboxItems(t: TestApp, token: string, storeId: number, count: number, skus = 2): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const item: SandboxItemInput = {
      storeId,
      title: `Sandbox item ${i + 1}`,
      outerId: `OUT-${i + 1}`,
      skus: Array.from({ length: skus }, (_, j) => ({ properties: `Colour:${['Red', 'Blue', 'Green'][j % 3]}`, outerSkuId: `OUT-${i + 1}-${j + 1}`, price: `${10 + j}.50`, quantity: 5 })),
    };
    const answer = await t.call<{ itemId: string }>('/cloud/sandbox/console/saveItem', item, { token });
    if (!answer.body.success) throw new Error(`adding a sandbox item failed: ${JSON.stringify(answer.body)}`);
    ids.push(answer.body.data.itemId);
  }
  return ids;
}
