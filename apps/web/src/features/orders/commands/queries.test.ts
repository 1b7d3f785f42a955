import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '../../../app/i18n';
import { failureText } from './queries';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales');
const pack = (language: string, namespace: string) => JSON.parse(fs.readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8'));

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    ns: ['errors', 'ordercommands'],
    resources: Object.fromEntries(['en', 'zh'].map((l) => [l, { errors: pack(l, 'errors'), ordercommands: pack(l, 'ordercommands') }])),
    interpolation: { escapeValue: false },
  });
});

describe('order refusals in words', () => {
  it('names the remedy the server sent with a refusal for the order status', async () => {
    const refusal = { errorCode: 'ERR_ORDER_STATUS', message: 'server words', params: { code: 'SO1', status: 'CI_ERPSOH_STATUS_VERIFIED', action: 'updateWarehouse', remedy: 'cancelReview' } };
    expect(failureText(refusal)).toBe('The order SO1 is reviewed; cancel its review first');
    expect(failureText({ ...refusal, params: { ...refusal.params, status: 'CI_ERPSOH_STATUS_CLOSE', remedy: 'cancelClose' } })).toBe('The order SO1 is closed; reopen it (cancel close) first');
    expect(failureText({ ...refusal, params: { ...refusal.params, action: 'verify', remedy: 'already' } })).toBe('The order SO1 is already reviewed');
    await i18next.changeLanguage('zh');
    expect(failureText(refusal)).toBe('订单 SO1 已审核，请先反审核');
    await i18next.changeLanguage('en');
  });

  it('says only the status when there is no remedy', () => {
    expect(failureText({ errorCode: 'ERR_ORDER_STATUS', message: '', params: { code: 'SO2', status: 'CI_ERPSOH_STATUS_SEND', action: 'lock' } })).toBe('The order SO2 is shipped; this cannot be done now');
  });

  it('tells to choose a courier before the review of an order without one', () => {
    expect(failureText({ errorCode: 'ERR_ORDER_NO_EXPRESS', message: '', params: { code: 'SO3' } })).toBe('The order SO3 has no courier; choose a courier first');
  });
});
