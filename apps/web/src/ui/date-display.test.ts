// Every date and time the app shows goes through one formatter (packages/core formatDateTime /
// formatDate, the DateTime widget of ui/relative-time.tsx), so it reads in the spec's formats
// (spec 01 §9: 'YYYY-MM-DD HH:mm'). The browser's own formats ("11/27/2026, 4:47:55 PM") differ by
// locale and must not come back: this test fails when a source file calls them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The browser's locale-dependent date formats. */
const LOCALE_FORMATS = /\.toLocale(Date|Time)?String\(|Intl\s*\.\s*DateTimeFormat|\.toUTCString\(|\.toDateString\(|\.toTimeString\(/;

describe('dates on screen', () => {
  it("no web source formats a date with the browser's locale formats", () => {
    const offenders = sources(src).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (LOCALE_FORMATS.test(line) ? [`${path.relative(src, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it('finds such a call when there is one (the check itself works)', () => {
    for (const line of ['new Date(v).toLocaleString()', 'd.toLocaleDateString("en")', 'x.toLocaleTimeString()', 'new Intl.DateTimeFormat(lang)']) {
      expect(LOCALE_FORMATS.test(line)).toBe(true);
    }
    expect(LOCALE_FORMATS.test('formatDateTime(v)')).toBe(false);
  });
});
