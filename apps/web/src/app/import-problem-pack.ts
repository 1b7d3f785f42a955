// The import problems' Chinese and English texts are core's catalogue: loaded when a page asks for
// the importproblems namespace, not with every first load (i18n.ts).
import { IMPORT_PROBLEM_CODES, IMPORT_PROBLEM_TEXTS } from '@openseller/core';

export function importProblemPack(language: 'zh' | 'en'): Record<string, string> {
  return Object.fromEntries(IMPORT_PROBLEM_CODES.map((code) => [code, IMPORT_PROBLEM_TEXTS[code][language]]));
}
