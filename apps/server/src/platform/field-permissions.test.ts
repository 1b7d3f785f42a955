import { describe, expect, it } from 'vitest';
import { maskPhone, maskText, RECEIVER_REVEAL_FIELD } from '@openseller/core';
import { presentPerson, redactFields } from './field-permissions.js';
import type { Session } from './sessions.js';

function session(fields: string[], level: 'LITE' | 'PRO'): Session {
  return {
    tokenId: 1,
    familyId: 'f',
    userId: 1,
    loginName: 'x',
    userName: 'x',
    accountType: 'SUB_ACCOUNT_TYPE',
    systemRoles: [],
    domainId: 1,
    domain: { id: 1, code: '100001', name: 'd', level, trialLevel: null, trialExpireTime: null, expireTime: null, byStore: false, extraMenus: [] },
    menus: new Set(),
    fields,
    isRoot: false,
    isMain: false,
  };
}

const rows = [{ code: 'A1', costPrice: '12.5000', purchasePrice: '10.0000' }];
const map = { costPrice: 'COST_PRICE', purchasePrice: 'PURCHASE_PRICE' };

describe('field permissions', () => {
  it('does not send cost price without the COST_PRICE field', () => {
    expect(redactFields(rows, map, session([], 'PRO'))).toEqual([{ code: 'A1' }]);
    expect(redactFields(rows, map, session(['COST_PRICE'], 'PRO'))).toEqual([{ code: 'A1', costPrice: '12.5000' }]);
  });

  it('sends purchase price only at paid levels, even with the field', () => {
    expect(redactFields(rows, map, session(['PURCHASE_PRICE'], 'LITE'))).toEqual([{ code: 'A1' }]);
    expect(redactFields(rows, map, session(['PURCHASE_PRICE'], 'PRO'))).toEqual([{ code: 'A1', purchasePrice: '10.0000' }]);
  });

  it('leaves the rows untouched when every field is visible', () => {
    const all = session(['COST_PRICE', 'PURCHASE_PRICE'], 'PRO');
    expect(redactFields(rows, map, all)).toBe(rows);
  });

  it('masks a person’s name, address and phone without the receiver permission, and shows them in full with it', () => {
    const row = { code: 'AS1', buyerName: '张三丰', buyerPhone: '13812345678', buyerAddress: '浙江省杭州市西湖区文三路 1 号', buyerNick: null as string | null };
    const fields = { texts: ['buyerName', 'buyerAddress', 'buyerNick'], phones: ['buyerPhone'] } as const;
    expect(presentPerson(session([], 'PRO'), row, fields)).toEqual({
      ...row,
      buyerName: maskText('张三丰'),
      buyerPhone: maskPhone('13812345678'),
      buyerAddress: maskText('浙江省杭州市西湖区文三路 1 号'),
    });
    expect(presentPerson(session([], 'PRO'), row, fields).buyerPhone).not.toContain('1234');
    expect(presentPerson(session([RECEIVER_REVEAL_FIELD], 'PRO'), row, fields)).toBe(row);
  });
});
