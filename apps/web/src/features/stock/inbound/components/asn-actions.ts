// Which commands a notice offers, by its status and state: the same checks the server makes.
import { asnAllows, type AsnAction, type AsnRow } from '@openseller/core';

const sending = (row: AsnRow) => row.syncStatus === 'SENDING' || row.cancelSyncStatus === 'SENDING';
/** The last issue timed out: the warehouse system may hold the notice, so it is issued again before it changes. */
const maybeInWarehouse = (row: AsnRow) => row.syncStatus === 'FAILURE' && row.syncErrorCode === 'ERR_WMS_TIMEOUT';

export function asnOffers(row: AsnRow, action: AsnAction | 'fetchResults' | 'sandbox'): boolean {
  switch (action) {
    case 'edit':
      return asnAllows(row.statusId, 'edit') && row.receivedQtyTotal === 0 && !sending(row) && !maybeInWarehouse(row);
    case 'receipt':
      return asnAllows(row.statusId, 'receipt') && row.syncStatus === null && row.receivedQtyTotal < row.qtyTotal;
    case 'cancel':
      return asnAllows(row.statusId, 'cancel') && row.receivedQtyTotal === 0 && !sending(row) && row.wmsStatus !== 'CANCELING';
    case 'forceCancel':
      return asnAllows(row.statusId, 'forceCancel') && !sending(row);
    case 'delete':
      return asnAllows(row.statusId, 'delete') && row.receivedQtyTotal === 0 && !sending(row) && !maybeInWarehouse(row);
    case 'sync':
      return (
        row.syncStatus !== null &&
        !sending(row) &&
        ((row.statusId === 'CI_ASN_STATUS_CREATED' && row.syncStatus !== 'SUCCESS') || row.cancelSyncStatus === 'FAILURE')
      );
    case 'fetchResults':
      return row.syncStatus !== null && row.externalCode !== null;
    case 'sandbox':
      return row.sandbox;
    default:
      return false;
  }
}
