// The only place naming the stock-check server paths (/myhome/invAdjust, spec 02 §7.9). Calls
// are quiet: the page words refusals itself (stockCheckErrorMessage).
import type {
  PageResult,
  StockCheckCommandInput,
  StockCheckCountInput,
  StockCheckCountResult,
  StockCheckCreateInput,
  StockCheckDetail,
  StockCheckDifferences,
  StockCheckLineRow,
  StockCheckLinesInput,
  StockCheckRow,
  StockCheckSearchInput,
} from '@openseller/core';
import { request, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };
const P = '/myhome/invAdjust';

/** What a count call sends per line (locationId defaults to 0 on the server). */
export type CountLineInput = Omit<StockCheckCountInput['lines'][number], 'locationId'> & { locationId?: number };

export const stockCheckApi = {
  search: (input: Partial<StockCheckSearchInput>) => request<PageResult<StockCheckRow>>(`${P}/search`, input, quiet),
  get: (id: number) => request<StockCheckDetail>(`${P}/get`, { id }, quiet),
  create: (input: Omit<StockCheckCreateInput, 'remark'> & { remark?: string | null }) => request<StockCheckDetail>(`${P}/create`, input, quiet),
  lines: (input: Partial<StockCheckLinesInput> & { id: number }) => request<PageResult<StockCheckLineRow>>(`${P}/lines`, input, quiet),
  differences: (input: { id: number; currentPage?: number; pageSize?: number }) => request<StockCheckDifferences>(`${P}/differences`, input, quiet),
  count: (input: { id: number; lines: CountLineInput[] }) => request<StockCheckCountResult>(`${P}/count`, input, quiet),
  confirm: (input: StockCheckCommandInput) => request<StockCheckDetail>(`${P}/confirm`, input, quiet),
  cancel: (input: StockCheckCommandInput) => request<StockCheckDetail>(`${P}/cancel`, input, quiet),
};
