// Label content stays on the label: each system template (spec 02 §9 sizes, offsets 5 mm) is
// test-printed from the template editor, and in the print document Chromium lays out, every
// element — and every barcode or QR code in it — lies inside its page. Before, the 5 mm offset
// pushed the routing code and the barcode past the right edge of the 100 × 40 mm label.
import { describe, expect, it } from 'vitest';
import { launchBrowser, newSeller, settled } from '../fixtures';

const b = await launchBrowser();
const seller = await newSeller();
const { page } = b;

interface PrintedPage {
  width: number;
  height: number;
  items: { what: string; left: number; top: number; right: number; bottom: number }[];
}

declare global {
  interface Window {
    printedLabels?: PrintedPage[];
  }
}

/** Keeps the layout of the next print document (the hidden frame the app prints from) as it is drawn. */
async function watchPrinting() {
  await page.evaluate(() => {
    window.printedLabels = undefined;
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof HTMLIFrameElement) || !node.contentDocument) continue;
          // The app writes the document into the frame as it adds it, before this runs.
          window.printedLabels = [...node.contentDocument.querySelectorAll<HTMLElement>('.page')].map((sheet) => {
            const box = sheet.getBoundingClientRect();
            const items = [...sheet.querySelectorAll<Element>('.el, .el svg')].map((el) => {
              const r = el.getBoundingClientRect();
              return { what: el.getAttribute('class') ?? el.tagName, left: r.left - box.left, top: r.top - box.top, right: r.right - box.left, bottom: r.bottom - box.top };
            });
            return { width: box.width, height: box.height, items };
          });
          observer.disconnect();
        }
      }
    });
    observer.observe(document.body, { childList: true });
  });
}

const PX_PER_MM = 96 / 25.4;
// Sub-pixel rounding of mm lengths.
const EPSILON = 0.5;

describe('system label templates', () => {
  it('print every element inside the label at each size, with the 5 mm offsets', async () => {
    await b.signIn(seller.username, seller.password);
    await page.getByText(`Welcome back, ${seller.name}`).waitFor();
    await b.open('/config/templates');
    const systemRows = page.locator('.ant-table-tbody tr').filter({ has: page.locator('.ant-tag', { hasText: /^System$/ }) });
    await systemRows.first().waitFor();
    const count = await systemRows.count();
    expect(count).toBe(5);

    const outside: string[] = [];
    for (let i = 0; i < count; i++) {
      const row = systemRows.nth(i);
      const name = (await row.locator('td').first().innerText()).split('\n')[0]!.trim();
      const [, width, height] = /(\d+)\s*×\s*(\d+)/.exec(name)!.map(Number);
      await row.getByRole('button', { name: 'View' }).click();
      await page.getByRole('button', { name: 'Test print' }).waitFor();
      await settled(page);
      expect(Number(await page.getByLabel('Left offset').inputValue())).toBe(5);
      expect(Number(await page.getByLabel('Top offset').inputValue())).toBe(5);

      await watchPrinting();
      await page.getByRole('button', { name: 'Test print' }).click();
      const printed = (await page.waitForFunction(() => window.printedLabels).then((h) => h.jsonValue())) as PrintedPage[];
      expect(printed).toHaveLength(1);
      const sheet = printed[0]!;
      expect(sheet.width).toBeCloseTo(width! * PX_PER_MM, 0);
      expect(sheet.height).toBeCloseTo(height! * PX_PER_MM, 0);
      expect(sheet.items.length).toBeGreaterThan(0);
      for (const item of sheet.items) {
        if (item.left < -EPSILON || item.top < -EPSILON || item.right > sheet.width + EPSILON || item.bottom > sheet.height + EPSILON) {
          outside.push(`${name}: ${item.what} at ${JSON.stringify(item)} on a ${Math.round(sheet.width)}×${Math.round(sheet.height)} px page`);
        }
      }
      if (i === 0) await b.screenshot('label-editor-offsets');
      await page.getByRole('button', { name: 'Close' }).click();
    }
    expect(outside).toEqual([]);
  }, 180_000);
});
