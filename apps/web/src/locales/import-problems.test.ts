// Import problems come as codes (core's catalogues/import-problems.ts): Chinese and English are the
// catalogue's own texts; every other language pack words every code, with the same placeholders.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IMPORT_PROBLEM_CODES, IMPORT_PROBLEM_TEXTS, LANGUAGES } from '@openseller/core';

const dir = path.dirname(fileURLToPath(import.meta.url));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('import problem texts', () => {
  for (const language of LANGUAGES.filter((l) => l !== 'zh' && l !== 'en')) {
    it(`${language} words every import problem code with its placeholders, and nothing else`, () => {
      const pack = JSON.parse(fs.readFileSync(path.join(dir, language, 'importproblems.json'), 'utf8')) as Record<string, string>;
      expect(Object.keys(pack).sort()).toEqual([...IMPORT_PROBLEM_CODES].sort());
      for (const code of IMPORT_PROBLEM_CODES) {
        expect(pack[code]!.trim(), `${language} ${code}`).not.toBe('');
        expect(placeholders(pack[code]!), `${language} ${code}`).toEqual(placeholders(IMPORT_PROBLEM_TEXTS[code].en));
      }
    });
  }

  it('keeps the same placeholders in the Chinese and English texts of the catalogue', () => {
    for (const code of IMPORT_PROBLEM_CODES) expect(placeholders(IMPORT_PROBLEM_TEXTS[code].zh), code).toEqual(placeholders(IMPORT_PROBLEM_TEXTS[code].en));
  });
});
