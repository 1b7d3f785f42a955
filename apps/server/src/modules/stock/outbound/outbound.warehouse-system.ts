// Outbound orders of warehouses run by another system (WMS, Qimen, …): verification issues the
// order to that system through the 'warehouse-systems' service, a cancel asks it first, and the
// shipment it reports books the delivery. Without that service in the build every warehouse is
// run here.
import type { Tx } from '../../../db/client.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { WarehouseSystemsService, WarehouseTarget } from '../../../connectors/warehouse/types.js';

export type { WarehouseSystemsService, WarehouseTarget, WarehouseResultHandler, WarehouseResult } from '../../../connectors/warehouse/types.js';
export { WarehouseConnectorError } from '../../../connectors/warehouse/types.js';

export const WAREHOUSE_SYSTEMS = 'warehouse-systems';

export interface SystemOfWarehouse {
  service: WarehouseSystemsService;
  target: WarehouseTarget;
}

/** The warehouse's system when its documents go to one; null for a warehouse run here. */
export async function systemOfWarehouse(registry: ServiceRegistry, tx: Tx, domainId: number, warehouseId: number): Promise<SystemOfWarehouse | null> {
  const service = registry.find<WarehouseSystemsService>(WAREHOUSE_SYSTEMS);
  if (!service) return null;
  const target = await service.target(domainId, warehouseId, tx);
  return service.usesWarehouseSystem(target) ? { service, target } : null;
}

/** A failure's text as the order records it. */
export function failureText(error: unknown): string {
  const detail = (error as { detail?: unknown }).detail;
  if (typeof detail === 'string' && detail) return detail.slice(0, 500);
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
