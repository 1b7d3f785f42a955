import { describe, expect, it } from 'vitest';
import { ALL_WAREHOUSES_ID, decoratedWarehouseName, isAllWarehouses, isThirdPartyWarehouse, WAREHOUSE_TYPES, warehouseFilterId } from './warehouses.js';

describe('warehouse types', () => {
  it('holds the five types of spec 02 §3.6 and GTWMS of the extended set', () => {
    expect([...WAREHOUSE_TYPES].sort()).toEqual(['BYTE_WAREHOUSE', 'GTWMS_WAREHOUSE', 'QIMEN_WAREHOUSE', 'SELF_WAREHOUSE', 'SP_WAREHOUSE', 'WMS_WAREHOUSE']);
    expect(isThirdPartyWarehouse('SELF_WAREHOUSE')).toBe(false);
    expect(isThirdPartyWarehouse('QIMEN_WAREHOUSE')).toBe(true);
  });

  it('decorates a name with the SP box prefix or the outsourced, Qimen and Byte suffixes', () => {
    const tag = (t: string) => ({ spBox: 'SP box', outsourced: 'outsourced', qimen: 'Qimen', byte: 'Byte' })[t]!;
    expect(decoratedWarehouseName('Main', 'SELF_WAREHOUSE', tag)).toBe('Main');
    expect(decoratedWarehouseName('Main', 'SP_WAREHOUSE', tag)).toBe('[SP box] Main');
    expect(decoratedWarehouseName('Main', 'WMS_WAREHOUSE', tag)).toBe('Main (outsourced)');
    expect(decoratedWarehouseName('Main', 'QIMEN_WAREHOUSE', tag)).toBe('Main (Qimen)');
    expect(decoratedWarehouseName('Main', 'BYTE_WAREHOUSE', tag)).toBe('Main (Byte)');
  });
});

describe('the all-warehouse choice', () => {
  it('is id -1, and a filter on it (or on nothing) names no warehouse', () => {
    expect(ALL_WAREHOUSES_ID).toBe(-1);
    expect(isAllWarehouses(-1)).toBe(true);
    expect(isAllWarehouses(undefined)).toBe(true);
    expect(isAllWarehouses(7)).toBe(false);
    expect(warehouseFilterId(-1)).toBeUndefined();
    expect(warehouseFilterId(null)).toBeUndefined();
    expect(warehouseFilterId(7)).toBe(7);
  });
});
