// Every word the server writes to a log has a label in every language: each area, kind of record
// and action of the operation log (as the log centre and an order's history look them up), and
// each document type of the stock ledger (the inventory log).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CONFIG_LOG_AREAS, DOCUMENT_LOG_AREAS, LANGUAGES, OPERATION_LOG_ACTIONS, OPERATION_LOG_ENTITY_KINDS, STOCK_LEDGER_DOC_TYPES } from '@openseller/core';
import { logActionLabel, logAreaLabel, logEntityLabel } from './log-labels';

const locales = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
const pack = (language: string, namespace: string) => JSON.parse(fs.readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8'));

/** The language alone, without falling back to English, so a missing label shows as missing. */
async function translator(language: string): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({ lng: language, fallbackLng: false, ns: ['logs', 'stock'], resources: { [language]: { logs: pack(language, 'logs'), stock: pack(language, 'stock') } } });
  return i18n.t;
}

describe('log labels', () => {
  for (const language of LANGUAGES) {
    it(`${language} labels every area, kind of record, action and stock document type the server writes`, async () => {
      const t = await translator(language);
      const missing = [
        ...[...DOCUMENT_LOG_AREAS, ...CONFIG_LOG_AREAS].filter((a) => logAreaLabel(t, a) === a).map((a) => `logs:areas.${a}`),
        ...OPERATION_LOG_ENTITY_KINDS.filter((k) => logEntityLabel(t, k) === k).map((k) => `logs:entities.${k}`),
        ...OPERATION_LOG_ACTIONS.filter((a) => logActionLabel(t, a) === a).map((a) => `logs:actions (${a})`),
        ...STOCK_LEDGER_DOC_TYPES.filter((d) => t(`stock:docTypes.${d}`, { defaultValue: d }) === d).map((d) => `stock:docTypes.${d}`),
      ];
      expect(missing).toEqual([]);
    });
  }

  it('reads an action written with a colon (merge:create) under its own label', async () => {
    const t = await translator('en');
    expect(logActionLabel(t, 'merge:create')).toBe('Made by merging');
    expect(logActionLabel(t, 'splitOutOfStock:part:create')).toBe('Made from out-of-stock quantities');
    expect(logActionLabel(t, 'takeWaybillNo')).toBe('Waybill number taken');
  });
});
