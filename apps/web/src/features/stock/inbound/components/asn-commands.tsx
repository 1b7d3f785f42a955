// The commands of one notice as buttons (the list's row and the detail drawer share them): view,
// receive, edit, then cancel, force cancel, delete, sync and fetch results, and the sandbox console
// for a notice its sandbox warehouse system holds. Only what the notice offers is shown.
import { Button, Dropdown, Modal, Space } from 'antd';
import type { MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AsnRow } from '@openseller/core';
import { useSession } from '../../../../app/session';
import { toast } from '../../../../app/toast';
import { inboundApi } from '../api';
import { useInboundMutation } from '../queries';
import { asnOffers } from './asn-actions';

export interface AsnCommandHandlers {
  onView?: (row: AsnRow) => void;
  onReceive: (row: AsnRow) => void;
  onForceCancel: (row: AsnRow) => void;
  onSandbox: (row: AsnRow) => void;
  /** After a delete (the drawer closes). */
  onDeleted?: () => void;
}

export function AsnCommands({ row, handlers, size = 'small' }: { row: AsnRow; handlers: AsnCommandHandlers; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const canCreate = session.menus.has('MENU_ASN_CREATE');
  const cancel = useInboundMutation(inboundApi.cancel);
  const remove = useInboundMutation(inboundApi.remove);
  const sync = useInboundMutation(inboundApi.sync);
  const fetchResults = useInboundMutation(inboundApi.fetchResults);

  const confirm = (title: string, content: string | null, run: () => void, danger = false) =>
    Modal.confirm({ title, content, okText: t('common:actions.ok'), cancelText: t('common:actions.cancel'), okButtonProps: { danger }, onOk: run });

  const more: NonNullable<MenuProps['items']> = [];
  if (asnOffers(row, 'cancel'))
    more.push({
      key: 'cancel',
      label: t('inbound:actions.cancel'),
      onClick: () =>
        confirm(t('inbound:confirm.cancel', { code: row.code }), row.statusId === 'CI_ASN_STATUS_SYNCED' ? t('inbound:confirm.cancelInWarehouse') : null, () =>
          cancel.mutate({ id: row.id, version: row.version }, { onSuccess: (after) => toast.success(after.statusId === 'CI_ASN_STATUS_CLOSED' ? t('inbound:done.cancelled') : t('inbound:done.cancelAsked')) }),
        ),
    });
  if (asnOffers(row, 'forceCancel')) more.push({ key: 'forceCancel', danger: true, label: t('inbound:actions.forceCancel'), onClick: () => handlers.onForceCancel(row) });
  if (asnOffers(row, 'delete'))
    more.push({
      key: 'delete',
      danger: true,
      label: t('inbound:actions.delete'),
      onClick: () =>
        confirm(
          t('inbound:confirm.delete', { code: row.code }),
          null,
          () =>
            remove.mutate([row.id], {
              onSuccess: () => {
                toast.success(t('inbound:done.deleted'));
                handlers.onDeleted?.();
              },
            }),
          true,
        ),
    });
  if (asnOffers(row, 'sync'))
    more.push({ key: 'sync', label: t('inbound:actions.sync'), onClick: () => sync.mutate([row.id], { onSuccess: () => toast.success(t('inbound:done.syncAsked')) }) });
  if (asnOffers(row, 'fetchResults'))
    more.push({
      key: 'fetchResults',
      label: t('inbound:actions.fetchResults'),
      onClick: () => fetchResults.mutate(row.id, { onSuccess: (s) => toast.success(t('inbound:done.fetched', { fetched: s.fetched, booked: s.booked, refused: s.refused })) }),
    });
  if (asnOffers(row, 'sandbox')) more.push({ key: 'sandbox', label: t('inbound:sandbox.open'), onClick: () => handlers.onSandbox(row) });

  return (
    <Space size={0} wrap>
      {handlers.onView && (
        <Button type="link" size={size} onClick={() => handlers.onView!(row)}>
          {t('inbound:actions.view')}
        </Button>
      )}
      {asnOffers(row, 'receipt') && (
        <Button type="link" size={size} onClick={() => handlers.onReceive(row)}>
          {t('inbound:actions.receipt')}
        </Button>
      )}
      {canCreate && asnOffers(row, 'edit') && (
        <Button type="link" size={size} onClick={() => navigate(`/stocks/createstocksin?id=${row.id}`)}>
          {t('inbound:actions.edit')}
        </Button>
      )}
      {more.length > 0 && (
        <Dropdown menu={{ items: more }} trigger={['click']}>
          <Button type="link" size={size} loading={cancel.isPending || remove.isPending || sync.isPending || fetchResults.isPending}>
            {t('inbound:actions.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
