// What other areas hear of outbound orders, inside the transaction that books it: a delivery
// (called before the stock moves, so a listener reads on-hand as it was and locks the SKU costs
// before the balances, as a receipt does) and a cancel. A listener that throws refuses the whole
// delivery or cancel. Registry list 'wdo-listeners'; purchasing listens for WDO_PURCHASE_RETURN.
import type { Tx } from '../../../db/client.js';
import type { OperationActor } from '../../../platform/operation-log.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { WdoRecord } from './outbound.queries.js';

export const WDO_LISTENERS = 'wdo-listeners';

export interface WdoEvent {
  kind: 'DELIVERING' | 'CANCELLED';
  tx: Tx;
  actor: OperationActor;
  now: Date;
  header: Pick<WdoRecord, 'id' | 'domainId' | 'code' | 'wdoType' | 'warehouseId' | 'relatedCode'>;
  /** DELIVERING: the pieces leaving now per line (lines with none are left out). */
  lines: { detailId: number; skuId: number; qty: number }[];
  /** DELIVERING: the order closes with this delivery (what it still held is released). */
  final: boolean;
}

export type WdoListener = (event: WdoEvent) => Promise<void>;

export async function tellWdoListeners(registry: ServiceRegistry, event: WdoEvent): Promise<void> {
  for (const listener of registry.list<WdoListener>(WDO_LISTENERS)) await listener(event);
}
