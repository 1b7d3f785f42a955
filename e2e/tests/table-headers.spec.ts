// Column headers read whole words: a header wraps between words when its column is narrow, never
// inside one ("Account s", "Pictur e"), and no word runs past its cell. Checked at 1440 px in
// English and German (the longest words) on the lists a new seller meets first.
import { describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const { page } = b;

const LISTS = [
  '/goods',
  '/config/storemanagement',
  '/config/subAccount',
  '/config/accounts',
  '/config/warehouse/details',
  '/config/supplierManagement',
  '/goods/salesPromotion',
  '/stocks/check',
  '/stocks?activeKey=3',
];

/**
 * Each header word that is split over two lines, or that reaches past the cell's text box (its
 * title box when the column sorts), as "word in «header»". A word ends at white space or after a
 * hyphen, where a line may break.
 */
function brokenHeaderWords(): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const th of document.querySelectorAll<HTMLElement>('.ant-table-thead th')) {
      if (!th.offsetParent) continue;
      const title = th.querySelector<HTMLElement>('.ant-table-column-title');
      const box = (title ?? th).getBoundingClientRect();
      const style = getComputedStyle(th);
      const left = box.left + (title ? 0 : parseFloat(style.paddingLeft)) - 1;
      const right = box.right - (title ? 0 : parseFloat(style.paddingRight)) + 1;
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/[^\s\-‐]+[-‐]?/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const lines = new Set(rects.map((r) => Math.round(r.top)));
          const outside = rects.some((r) => r.left < left || r.right > right);
          if (lines.size > 1 || outside) found.push(`${match[0]} in «${th.innerText.trim().replace(/\s+/g, ' ')}»${lines.size > 1 ? ' (split)' : ' (runs over)'}`);
        }
      }
    }
    return found;
  });
}

async function checkLists(language: string) {
  const broken: string[] = [];
  for (const route of LISTS) {
    await b.open(route);
    await page.locator('.ant-table-thead th').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-table-wrapper .ant-spin-spinning'));
    await settled(page);
    broken.push(...(await brokenHeaderWords()).map((w) => `${language} ${route}: ${w}`));
  }
  return broken;
}

describe('column headers', () => {
  it('never break inside a word in English', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    expect(await checkLists('en')).toEqual([]);
  }, 180_000);

  it('never break inside a word in German, whose words are longest', async () => {
    await page.evaluate(() => localStorage.setItem('openseller.language', 'de'));
    await page.reload();
    await b.open('/');
    await page.getByText(`Willkommen zurück, ${seller.name}`).waitFor();
    expect(await checkLists('de')).toEqual([]);
    await b.open('/goods');
    await page.locator('.ant-table-thead th').first().waitFor();
    await b.screenshot('goods-headers-de');
  }, 180_000);

  it("never break inside a word on the root account's domain list (\"Account s\")", async () => {
    await b.open('/');
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await b.signIn(DEMO.root.username, DEMO.root.password);
    await page.getByRole('button', { name: 'Language' }).waitFor();
    await b.open('/system/domains');
    await page.locator('.ant-table-thead th').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-table-wrapper .ant-spin-spinning'));
    await settled(page);
    expect(await brokenHeaderWords()).toEqual([]);
  });
});
