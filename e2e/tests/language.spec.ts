import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
// A sub-account, so the sub-account list has a page (and antd's pagination) to show.
await seller.subAccount({ name: 'Picker', menus: ['MENU_ERPSO', 'MENU_INV'] });
const pack = (language: string) => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../apps/web/src/locales/${language}/nav.json`), 'utf8'));

describe('switching the language', () => {
  it('switches the shell and antd to Chinese, and remembers the choice', async () => {
    await b.signIn(seller.username, seller.password);
    await b.page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.page.getByRole('button', { name: 'Language' }).click();
    await b.page.getByRole('menuitem', { name: '简体中文' }).click();
    const nav = b.page.getByRole('menu', { name: '主导航' });
    await nav.getByText('商品', { exact: true }).waitFor();
    await b.page.getByText(`欢迎回来，${seller.name}`).waitFor();
    expect(await b.page.evaluate(() => document.documentElement.lang)).toBe('zh');
    await b.page.reload();
    await b.page.getByText(`欢迎回来，${seller.name}`).waitFor();
    // antd follows: the pagination of a list reads in Chinese.
    await b.open('/config/subAccount');
    await b.page.getByText('10 条/页').waitFor();
    expect(await b.page.title()).toBe('账号权限 - OpenSeller');
  });

  it('switches to every other pack, including right-to-left Persian', async () => {
    for (const [language, name] of [
      ['de', 'Deutsch'],
      ['fa', 'فارسی'],
      ['ja', '日本語'],
    ] as const) {
      // A click on the menu while it is still opening can be lost: choose again until the page says so.
      await expect
        .poll(
          async () => {
            const item = b.page.getByRole('menuitem', { name });
            if (!(await item.isVisible())) await b.page.getByRole('button', { name: /语言|Sprache|زبان|言語|Language/ }).click();
            await item.click({ timeout: 5_000 }).catch(() => undefined);
            return b.page.evaluate(() => document.documentElement.lang);
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(language);
      await b.page.getByRole('menu').getByText(pack(language).top.orders, { exact: true }).first().waitFor();
      expect(await b.page.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await b.page.evaluate(() => document.documentElement.dir)).toBe(language === 'fa' ? 'rtl' : 'ltr');
    }
    await b.screenshot('japanese-sub-accounts');
  });
});
