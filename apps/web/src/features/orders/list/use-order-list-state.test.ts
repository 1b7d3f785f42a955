import { describe, expect, it } from 'vitest';
import { filterKeyOf, filtersToParams, ORDER_FILTER_DEFAULTS, ORDER_LIST_DEFAULTS } from './use-order-list-state';

describe('order list URL state', () => {
  it('sends no filter for the defaults but the sort', () => {
    expect(filtersToParams(ORDER_FILTER_DEFAULTS)).toEqual({ sort: 'id_desc' });
  });

  it('turns the URL text into the search parameters', () => {
    const params = filtersToParams({
      ...ORDER_FILTER_DEFAULTS,
      codeKeywords: 'A1,B2',
      storeIds: '3,4',
      warehouseId: 7,
      expressCompanyCode: 'YTO',
      labels: 'PDD_ASSIGN_EXPRESS',
      flags: 'locked,stockOut,unknown',
      type: 'sync',
      expressPrinted: 'false',
      whType: 'SELF_WAREHOUSE',
    });
    expect(params).toEqual({
      codeKeywords: 'A1,B2',
      storeIdList: [3, 4],
      warehouseIdList: [7],
      expressCompanyCodeList: ['YTO'],
      labelList: ['PDD_ASSIGN_EXPRESS'],
      locked: true,
      stockOut: true,
      exceptionType: 'sync',
      expressPrinted: false,
      whType: 'SELF_WAREHOUSE',
      sort: 'id_desc',
    });
  });

  it('ignores exception kinds the list does not know (home jumps such as type=feedback)', () => {
    expect(filtersToParams({ ...ORDER_FILTER_DEFAULTS, type: 'feedback' })).toEqual({ sort: 'id_desc' });
  });

  it('sends the instants of the local range bounds', () => {
    const params = filtersToParams({ ...ORDER_FILTER_DEFAULTS, payFrom: '2026-03-01 00:00:00', payTo: '2026-03-01 23:59:59' });
    expect(params.payTimeFrom).toBe(new Date(2026, 2, 1, 0, 0, 0).toISOString());
    expect(params.payTimeTo).toBe(new Date(2026, 2, 1, 23, 59, 59).toISOString());
  });

  it('keeps the same filter key across tabs, pages and the opened order, and a new one when a filter changes', () => {
    const state = { ...ORDER_LIST_DEFAULTS, codeKeywords: 'A1', storeIds: '3' };
    const key = filterKeyOf(state);
    expect(filterKeyOf({ ...state, activeKey: '2', currentPage: 3, pageSize: 100, open: 7 })).toBe(key);
    expect(filterKeyOf({ ...state, storeIds: '3,4' })).not.toBe(key);
    expect(filterKeyOf({ ...state, type: 'sync' })).not.toBe(key);
  });
});
