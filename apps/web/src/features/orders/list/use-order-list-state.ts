// The order list's state kept in the URL (spec 01 §2.2 activeKey; §2.4 jumps such as
// activeKey=5&type=sync or activeKey=2&expressPrinted=false): tab, page, filters, open drawer.
import { useMemo } from 'react';
import { ORDER_EXCEPTION_TYPES, ORDER_SORTS, orderTimeBound, ORDER_STATUSES, ORDER_TABS, type OrderExceptionType, type OrderSearchParams, type OrderSort, type OrderTab } from '@openseller/core';
import { useListState } from '../../../ui/use-list-state';

export const ORDER_FLAGS = ['locked', 'haveRefund', 'intercepted', 'preSale', 'stockOut', 'riskControlled'] as const;
export type OrderFlag = (typeof ORDER_FLAGS)[number];

/** The filters (what a saved search tab keeps), as URL text. */
export const ORDER_FILTER_DEFAULTS = {
  statusCode: '',
  codeKeywords: '',
  skuKeywords: '',
  receiverKeywords: '',
  buyerNick: '',
  /** Comma separated ids. */
  storeIds: '',
  warehouseId: 0,
  expressCompanyCode: '',
  /** Comma separated label types. */
  labels: '',
  /** Comma separated flag names that must hold. */
  flags: '',
  /** The exception kind of tab 5 (the home page's jumps use `type`). */
  type: '',
  expressPrinted: '',
  whType: '',
  createFrom: '',
  createTo: '',
  payFrom: '',
  payTo: '',
  sort: 'id_desc',
};
export type OrderFilterState = typeof ORDER_FILTER_DEFAULTS;

export const ORDER_LIST_DEFAULTS = { activeKey: '1', currentPage: 1, pageSize: 10, open: 0, ...ORDER_FILTER_DEFAULTS };
export type OrderListState = typeof ORDER_LIST_DEFAULTS;

const list = (text: string) => text.split(',').filter(Boolean);
/** The URL keeps local 'YYYY-MM-DD HH:mm:ss'; the server gets the instant (the browser's time zone). */
const zoned = (text: string, edge: 'from' | 'to') => {
  const d = orderTimeBound(text, edge);
  return Number.isNaN(d.getTime()) ? text : d.toISOString();
};

/** The search parameters of the state (without tab and page). */
export function filtersToParams(s: OrderFilterState): Omit<OrderSearchParams, 'currentPage' | 'pageSize' | 'activeKey'> {
  const storeIdList = list(s.storeIds).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const flags = new Set(list(s.flags));
  const exceptionType = (ORDER_EXCEPTION_TYPES as readonly string[]).includes(s.type) ? (s.type as OrderExceptionType) : undefined;
  return {
    ...((ORDER_STATUSES as readonly string[]).includes(s.statusCode) ? { statusCode: s.statusCode as OrderSearchParams['statusCode'] } : {}),
    ...(s.codeKeywords ? { codeKeywords: s.codeKeywords } : {}),
    ...(s.skuKeywords ? { skuKeywords: s.skuKeywords } : {}),
    ...(s.receiverKeywords ? { receiverKeywords: s.receiverKeywords } : {}),
    ...(s.buyerNick ? { buyerNick: s.buyerNick } : {}),
    ...(storeIdList.length ? { storeIdList } : {}),
    ...(s.warehouseId > 0 ? { warehouseIdList: [s.warehouseId] } : {}),
    ...(s.expressCompanyCode ? { expressCompanyCodeList: [s.expressCompanyCode] } : {}),
    ...(s.labels ? { labelList: list(s.labels) } : {}),
    ...Object.fromEntries(ORDER_FLAGS.filter((f) => flags.has(f)).map((f) => [f, true])),
    ...(exceptionType ? { exceptionType } : {}),
    ...(s.expressPrinted === 'true' || s.expressPrinted === 'false' ? { expressPrinted: s.expressPrinted === 'true' } : {}),
    ...(s.whType ? { whType: s.whType } : {}),
    ...(s.createFrom ? { createTimeFrom: zoned(s.createFrom, 'from') } : {}),
    ...(s.createTo ? { createTimeTo: zoned(s.createTo, 'to') } : {}),
    ...(s.payFrom ? { payTimeFrom: zoned(s.payFrom, 'from') } : {}),
    ...(s.payTo ? { payTimeTo: zoned(s.payTo, 'to') } : {}),
    ...((ORDER_SORTS as readonly string[]).includes(s.sort) ? { sort: s.sort as OrderSort } : {}),
  };
}

const tabOf = (state: OrderListState): OrderTab => ((ORDER_TABS as readonly string[]).includes(state.activeKey) ? (state.activeKey as OrderTab) : '1');

/** The list call's parameters for a state: its filters, tab and page. */
export function orderSearchOf(state: OrderListState, filters = filtersToParams(state)): OrderSearchParams {
  return { ...filters, activeKey: tabOf(state), currentPage: state.currentPage, pageSize: state.pageSize };
}

export function useOrderListState() {
  const [state, setState] = useListState(ORDER_LIST_DEFAULTS);
  const activeKey = tabOf(state);
  // The filters stay the same objects while only the tab, the page or the opened order change, so
  // a tab switch does not redraw what depends on the filters alone (the filter bar's form).
  const filterKey = filterKeyOf(state);
  const filterState = useMemo<OrderFilterState>(() => ({ ...ORDER_FILTER_DEFAULTS, ...(JSON.parse(filterKey) as Partial<OrderFilterState>) }), [filterKey]);
  const filters = useMemo(() => filtersToParams(filterState), [filterState]);
  const search = useMemo<OrderSearchParams>(() => orderSearchOf(state, filters), [state, filters]);
  return { state, setState, activeKey, filterState, filters, search };
}

/** The filters of a state as text: the same for states that differ only in tab, page or opened order. */
export function filterKeyOf(state: OrderListState): string {
  return JSON.stringify(pickFilters(state));
}

/** The filter part of the state, to save as a search tab. */
export function pickFilters(state: OrderListState): Partial<OrderFilterState> {
  const out: Record<string, string | number> = {};
  for (const key of Object.keys(ORDER_FILTER_DEFAULTS) as (keyof OrderFilterState)[]) if (state[key] !== ORDER_FILTER_DEFAULTS[key]) out[key] = state[key];
  return out as Partial<OrderFilterState>;
}
