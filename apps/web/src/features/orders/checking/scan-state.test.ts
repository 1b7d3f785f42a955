import type { CheckLineView } from '@openseller/core';
import { describe, expect, it } from 'vitest';
import { enterSerial, isComplete, payloadOf, scanCode, startScan } from './scan-state';

const line = (lineId: number, skuCode: string, barCode: string | null, qty: number, needsSerial = false): CheckLineView => ({
  lineId,
  lineSeq: lineId,
  skuId: lineId * 10,
  skuCode,
  skuName: skuCode,
  skuSpecifications: null,
  skuColor: null,
  skuSize: null,
  barCode,
  picUrl: null,
  qty,
  needsSerial,
  isGift: false,
  serialNumbers: [],
});

describe('the check scan panel', () => {
  it('ticks lines scan by scan and is complete at exactly the quantities', () => {
    let s = startScan([line(1, 'A', '111', 2), line(2, 'B', null, 1)]);
    for (const code of ['111', 'b', '111']) s = scanCode(s, code).state;
    expect(s.progress).toEqual({ 1: 2, 2: 1 });
    expect(isComplete(s)).toBe(true);
    expect(payloadOf(5, 3, s)).toEqual({ id: 5, version: 3, content: [{ lineId: 1, qty: 2 }, { lineId: 2, qty: 1 }], serialNumberDtoList: [] });
  });

  it('refuses an item the order lacks and an extra piece without changing progress', () => {
    let s = startScan([line(1, 'A', '111', 1)]);
    expect(scanCode(s, 'ZZZ').result.kind).toBe('NOT_IN_ORDER');
    s = scanCode(s, '111').state;
    const extra = scanCode(s, '111');
    expect(extra.result).toMatchObject({ kind: 'EXTRA', skuCode: 'A' });
    expect(extra.state.progress).toEqual({ 1: 1 });
  });

  it('asks for a serial number after each piece of a serial-numbered line and refuses a repeated serial', () => {
    let s = startScan([line(1, 'P', '999', 2, true)]);
    const first = scanCode(s, '999');
    expect(first.result).toEqual({ kind: 'SERIAL_NEEDED', lineId: 1 });
    s = enterSerial(first.state, 'IMEI-1').state;
    s = scanCode(s, '999').state;
    expect(isComplete(s)).toBe(false);
    expect(enterSerial(s, 'IMEI-1').result.kind).toBe('SERIAL_TAKEN');
    s = enterSerial(s, 'IMEI-2').state;
    expect(isComplete(s)).toBe(true);
    expect(payloadOf(1, 0, s).serialNumberDtoList).toEqual([
      { lineId: 1, serialNumber: 'IMEI-1' },
      { lineId: 1, serialNumber: 'IMEI-2' },
    ]);
  });
});
