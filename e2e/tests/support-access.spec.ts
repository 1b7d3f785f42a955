// Support access and the account's phone, as a seller meets them: the header's customer-service
// menu generates an authorisation code, support signs in with the domain number and that code,
// the dialog shows the code in use, what support did is in the log centre under the (客服)
// suffix, and revoking the code ends support's session. The account centre changes the phone with
// codes sent to the current and to the new number.
import { describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, newSeller, settled, signInApi } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const page = b.page;

async function publicCall<T>(route: string, body: unknown): Promise<{ success: boolean; data: T; errorCode?: string }> {
  const response = await fetch(b.baseUrl + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as { success: boolean; data: T; errorCode?: string };
}

async function tokenCall(route: string, token: string, body?: unknown): Promise<number> {
  const response = await fetch(b.baseUrl + route, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body ?? {}) });
  return response.status;
}

async function lastSmsCode(mobile: string): Promise<string> {
  const root = await signInApi(DEMO.root.username, DEMO.root.password);
  const outbox = await root.call<{ voList: { content: string }[] }>('/cloud/admin/smsOutbox/search', { mobile, currentPage: 1, pageSize: 1 });
  return /\b(\d{6})\b/.exec(outbox.voList[0]?.content ?? '')![1]!;
}

const dialog = () => page.getByRole('dialog', { name: 'Generate authorisation code' });

describe('customer-service authorisation code', () => {
  it('lets the seller hand support a code, see it used, and revoke it', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await page.getByRole('button', { name: 'Customer service', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Generate authorisation code' }).click();
    await dialog().getByText('No codes in the last 30 days').waitFor();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    const codeText = dialog().getByTestId('auth-code');
    await codeText.waitFor();
    const code = (await codeText.innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await dialog().getByText('Not used').waitFor();
    await settled(page);
    await b.screenshot('support-access-code');

    const signIn = await publicCall<{ oauthToken: { access_token: string } }>('/cloud/domain/login/byCodeAndCs', { domainCode: seller.domainCode, code, csName: 'Alice' });
    expect(signIn.success).toBe(true);
    const supportToken = signIn.data.oauthToken.access_token;
    expect(await tokenCall('/cloud/domain/role/create', supportToken, { roleName: 'Made by support', menus: [] })).toBe(200);

    await dialog().getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByRole('button', { name: 'Customer service', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Generate authorisation code' }).click();
    const row = dialog().locator('.ant-table-row').first();
    await row.getByText('Signed in').waitFor();
    await row.getByText('Alice').waitFor();
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'OK', exact: true }).click();
    await row.getByText('Revoked').waitFor();
    expect(await tokenCall('/cloud/domain/login/getUserInfo', supportToken)).toBe(401);
    await dialog().getByRole('button', { name: 'OK', exact: true }).click();

    await b.open('/logs?activeKey=5');
    await page.getByText(`${seller.username}(客服)`).first().waitFor();
    await settled(page);
    await b.screenshot('support-access-log');
  });
});

describe('change of phone in the account centre', () => {
  it('changes the phone with codes to the current and to the new number', async () => {
    await b.open('/accountCenter');
    // A new account meets the page's guide first; acknowledged, it does not come back.
    const guide = page.getByRole('dialog', { name: 'Your account' });
    await guide.getByRole('button', { name: 'Got it' }).click();
    await guide.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Change phone number' });
    await modal.getByRole('button', { name: 'Send code' }).click();
    await modal.getByLabel('SMS code').fill(await lastSmsCode(seller.mobile));
    await settled(page);
    await b.screenshot('support-access-phone-step1');
    await modal.getByRole('button', { name: 'Next' }).click();
    const next = `137${String(Date.now() % 1e8).padStart(8, '0')}`;
    await modal.getByLabel('New phone number').fill(next);
    await modal.getByRole('button', { name: 'Send code' }).click();
    await modal.getByLabel('SMS code').fill(await lastSmsCode(next));
    // The dialog's primary button (its role query sometimes never resolved here, while the button
    // was on screen: see the closing note).
    await modal.locator('.ant-modal-footer .ant-btn-primary').filter({ hasText: 'Change' }).click();
    await page.getByText('Phone number changed').waitFor();
    await page.getByText(`${next.slice(0, 3)}****${next.slice(-4)}`).waitFor();
  });
});

describe('sign-in from a store’s platform', () => {
  it('signs the seller in with the token the sandbox marketplace hands over, once', async () => {
    const store = await seller.api.call<{ id: number }>('/cloud/domain/store/createStore', { name: `Platform shop ${Date.now().toString(36)}`, storeType: 1, platformCode: 'SANDBOX' });
    const issued = await seller.api.call<{ platformToken: string; platformType: string }>('/cloud/sandbox/console/issueLoginToken', { storeId: store.id });
    await page.evaluate(() => localStorage.clear());
    const link = `/platform-login?platformToken=${encodeURIComponent(issued.platformToken)}&platformType=${issued.platformType}`;
    await b.open(link);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await page.evaluate(() => localStorage.clear());
    await b.open(link);
    await page.getByText('Authorised sign-in failed!').waitFor();
    await page.getByText(/wrong, has expired, was already used or was revoked/).waitFor();
    await settled(page);
    await b.screenshot('support-access-platform-login-refused');
  });
});
