// An account without the download menu (a picker: orders and stock only) asks for an export:
// it is told at once that it has no download permission (spec 01 §6), and nothing is made — the
// export call is not even sent, and its download list stays empty.
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller, signInApi } from '../fixtures';

const b = await launchBrowser();
const { page } = b;
const seller = await newSeller();
const picker = await seller.subAccount({ name: 'Picker', menus: ['MENU_ERPSO', 'MENU_INV'] });

describe('an export without download permission', () => {
  it('is refused with the spec message before it starts', async () => {
    await b.signIn(picker.username, picker.password);
    await page.getByText('Welcome back, Picker').waitFor();
    await b.open('/stocks?activeKey=1');
    const exportButton = page.getByRole('button', { name: 'Export' });
    await exportButton.waitFor();

    const exportCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/cloud\/core\/inventory\/export$/.test(request.url())) exportCalls.push(request.url());
    });
    await exportButton.click();
    await page.getByText('No download permission, please contact the main account holder').waitFor();
    await b.screenshot('export-no-download-permission');
    expect(exportCalls).toEqual([]);

    const pickerApi = await signInApi(picker.username, picker.password);
    expect(await pickerApi.call('/cloud/core/exportFile/needPollingList')).toEqual([]);
  });
});
