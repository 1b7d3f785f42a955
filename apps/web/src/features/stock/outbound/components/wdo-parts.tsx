// Small pieces of the outbound-order screens: the status and sync tags, the type name, and what a
// person may do with an order (its status and their menus).
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { wdoAllows, type WdoAction, type WdoRow, type WdoStatus, type WdoSyncStatus } from '@openseller/core';
import { useSession } from '../../../../app/session';

const STATUS_COLORS: Record<WdoStatus, string> = {
  CI_WDO_STATUS_CREATED: 'orange',
  CI_WDO_STATUS_VERIFIED: 'blue',
  CI_WDO_STATUS_SYNCED: 'geekblue',
  CI_WDO_STATUS_DELIVERED: 'green',
  CI_WDO_STATUS_CANCELLED: 'default',
};

export function WdoStatusTag({ row }: { row: Pick<WdoRow, 'status' | 'cancelRequestedAt'> }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={STATUS_COLORS[row.status]}>{t(`outbound:status.${row.status}`)}</Tag>
      {row.cancelRequestedAt && row.status === 'CI_WDO_STATUS_SYNCED' && <Tag color="volcano">{t('outbound:list.cancelRequested')}</Tag>}
    </>
  );
}

const SYNC_COLORS: Record<WdoSyncStatus, string> = { NONE: 'default', REQUEST: 'gold', SENDING: 'processing', SUCCESS: 'green', FAILURE: 'red' };

export function WdoSyncTag({ row }: { row: Pick<WdoRow, 'syncStatus' | 'syncMessage'> }) {
  const { t } = useTranslation();
  if (row.syncStatus === 'NONE') return <>-</>;
  const tag = <Tag color={SYNC_COLORS[row.syncStatus]}>{t(`outbound:syncStatus.${row.syncStatus}`)}</Tag>;
  return row.syncMessage ? <Tooltip title={row.syncMessage}>{tag}</Tooltip> : tag;
}

/** The commands a person may give an order now. */
export function useWdoPermissions() {
  const { menus } = useSession();
  const canWrite = menus.has('MENU_WDO_CREATE');
  const canProcess = menus.has('MENU_INV');
  return (row: WdoRow, action: WdoAction): boolean => {
    if (!wdoAllows(row.status, action)) return false;
    if (action === 'update' || action === 'delete') return canWrite;
    if (!canProcess) return false;
    if (action === 'deliver') return row.syncStatus === 'NONE' || row.syncStatus === 'FAILURE';
    if (action === 'sync') return row.warehouseType !== 'SELF_WAREHOUSE' && row.syncStatus !== 'NONE' && row.syncStatus !== 'SUCCESS';
    return true;
  };
}
