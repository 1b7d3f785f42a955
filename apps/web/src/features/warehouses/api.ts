// The only place that names the warehouses area's server paths (spec 02 §7.9). Every call is
// quiet: the pages word failures themselves (warehouseErrorMessage) so the area's nouns and
// reasons read right.
import type {
  LocationCreateInput,
  LocationRow,
  LocationSearchInput,
  LocationUpdateInput,
  PageResult,
  StoreWarehouseAssignment,
  WarehouseAssignmentsInput,
  WarehouseBindInput,
  WarehouseCreateInput,
  WarehouseOption,
  WarehouseRow,
  WarehouseSearchInput,
  WarehouseStopUsingInput,
  WarehouseUnbindInput,
  WarehouseUpdateInput,
} from '@openseller/core';
import { request, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };
const W = '/myhome/warehouse';
const L = '/myhome/location';

/** Form values as typed: optional texts may be empty. */
export type WarehouseFormValues = Omit<WarehouseCreateInput, 'county' | 'externalCode' | 'ownerCode' | 'remark'> & {
  county?: string | null;
  externalCode?: string | null;
  ownerCode?: string | null;
  remark?: string | null;
};

export const warehousesApi = {
  search: (input: Partial<WarehouseSearchInput>) => request<PageResult<WarehouseRow>>(`${W}/search`, input, quiet),
  get: (id: number) => request<WarehouseRow>(`${W}/get`, { id }, quiet),
  listAll: (includeStopped = false) => request<WarehouseOption[]>(`${W}/listAll`, { includeStopped }, quiet),
  create: (input: WarehouseFormValues) => request<WarehouseRow>(`${W}/create`, input, quiet),
  update: (input: WarehouseFormValues & Pick<WarehouseUpdateInput, 'id' | 'version'>) => request<WarehouseRow>(`${W}/update`, input, quiet),
  stopUsing: (input: WarehouseStopUsingInput) => request<WarehouseRow>(`${W}/stopUsing`, input, quiet),

  assignments: (input: Partial<WarehouseAssignmentsInput>) => request<StoreWarehouseAssignment[]>(`${W}/assignments`, input, quiet),
  bind: (input: Omit<WarehouseBindInput, 'onlineWarehouseCode'> & { onlineWarehouseCode?: string | null }) =>
    request<StoreWarehouseAssignment[]>(`${W}/bind`, input, quiet),
  unbind: (input: WarehouseUnbindInput) => request<StoreWarehouseAssignment[]>(`${W}/unbind`, input, quiet),

  searchLocations: (input: Partial<LocationSearchInput>) => request<PageResult<LocationRow>>(`${L}/search`, input, quiet),
  createLocation: (input: Omit<LocationCreateInput, 'zone' | 'remark'> & { zone?: string | null; remark?: string | null }) => request<LocationRow>(`${L}/create`, input, quiet),
  updateLocation: (input: Omit<LocationUpdateInput, 'zone' | 'remark'> & { zone?: string | null; remark?: string | null }) => request<LocationRow>(`${L}/update`, input, quiet),
  deleteLocations: (idList: number[]) => request<{ deleted: number }>(`${L}/delete`, { idList }, quiet),
};
