// The warehouses area's calls (spec 02 §7.9: /myhome/warehouse, /myhome/location), from the route
// catalogue (WarehouseCalls, LocationCalls). Every call is quiet: the pages word failures
// themselves (warehouseErrorMessage) so the area's nouns and reasons read right.
import { LocationCalls, WarehouseCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

/** Form values as typed: optional texts may be empty. */
export type WarehouseFormValues = CallInput<typeof WarehouseCalls.create>;

export const warehousesApi = {
  search: (input: CallInput<typeof WarehouseCalls.search>) => callApi(WarehouseCalls.search, input, quiet),
  get: (id: number) => callApi(WarehouseCalls.get, { id }, quiet),
  listAll: (includeStopped = false) => callApi(WarehouseCalls.listAll, { includeStopped }, quiet),
  create: (input: WarehouseFormValues) => callApi(WarehouseCalls.create, input, quiet),
  update: (input: CallInput<typeof WarehouseCalls.update>) => callApi(WarehouseCalls.update, input, quiet),
  stopUsing: (input: CallInput<typeof WarehouseCalls.stopUsing>) => callApi(WarehouseCalls.stopUsing, input, quiet),

  assignments: (input: CallInput<typeof WarehouseCalls.assignments>) => callApi(WarehouseCalls.assignments, input, quiet),
  bind: (input: CallInput<typeof WarehouseCalls.bind>) => callApi(WarehouseCalls.bind, input, quiet),
  unbind: (input: CallInput<typeof WarehouseCalls.unbind>) => callApi(WarehouseCalls.unbind, input, quiet),

  searchLocations: (input: CallInput<typeof LocationCalls.search>) => callApi(LocationCalls.search, input, quiet),
  createLocation: (input: CallInput<typeof LocationCalls.create>) => callApi(LocationCalls.create, input, quiet),
  updateLocation: (input: CallInput<typeof LocationCalls.update>) => callApi(LocationCalls.update, input, quiet),
  deleteLocations: (idList: number[]) => callApi(LocationCalls.delete, { idList }, quiet),
};
