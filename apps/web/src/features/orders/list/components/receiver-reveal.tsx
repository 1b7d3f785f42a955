// The receiver of an order, masked as every answer carries it, with an eye to show it in full
// (issue 21 must-have 3): only for an account holding the reveal permission (user field
// RECEIVER_DECRYPT), through /cloud/core/decrypt, which logs who saw it. Others see the eye
// disabled with what to do. The full receiver is kept in this component only while shown.
import { useState } from 'react';
import { Button, Space, Tooltip, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OrderRevealCalls, RECEIVER_REVEAL_FIELD, type OrderRow, type RevealedReceiver } from '@openseller/core';
import { ApiError, callApi, errorMessage } from '../../../../app/request';
import { useSession } from '../../../../app/session';
import { toast } from '../../../../app/toast';
import { orderListKeys } from '../queries';

type Receiver = Pick<OrderRow, 'id' | 'receiverName' | 'receiverPhone' | 'receiverProvince' | 'receiverCity' | 'receiverDistrict' | 'receiverAddress'>;

/** `compact`: the order list's cell (address in small grey text, no test id of the drawer);
 *  `oneLine`: the dense list's cell (name and phone, the address on hover). */
export function ReceiverReveal({ order, compact = false, oneLine = false }: { order: Receiver; compact?: boolean; oneLine?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const allowed = session.fields.includes(RECEIVER_REVEAL_FIELD);
  const [full, setFull] = useState<RevealedReceiver | null>(null);
  const client = useQueryClient();
  // The order's history gains the reveal (or its refusal): read it again.
  const reveal = useMutation({
    mutationFn: () => callApi(OrderRevealCalls.decrypt, { idList: [order.id] }, { quiet: true }),
    onSettled: () => client.invalidateQueries({ queryKey: orderListKeys.one(order.id) }),
  });
  const shown = full ?? order;
  const address = [shown.receiverProvince, shown.receiverCity, shown.receiverDistrict, shown.receiverAddress].filter(Boolean).join(' ');
  const eye = (
    <Tooltip title={!allowed ? t('orders:reveal.noPermission') : full ? t('orders:reveal.hide') : t('orders:reveal.show')}>
      <Button
        type="text"
        size="small"
        aria-label={full ? t('orders:reveal.hide') : t('orders:reveal.show')}
        icon={full ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        disabled={!allowed}
        loading={reveal.isPending}
        onClick={() => {
          if (full) return setFull(null);
          reveal.mutate(undefined, {
            onSuccess: (r) => setFull(r.voList[0] ?? null),
            onError: (error) => toast.error(error instanceof ApiError ? errorMessage(error) : String(error)),
          });
        }}
      />
    </Tooltip>
  );
  if (oneLine)
    return (
      <span className="os-compact-receiver">
        <Tooltip title={address}>
          <span className="os-ellipsis">{[shown.receiverName, shown.receiverPhone].filter(Boolean).join(' ')}</span>
        </Tooltip>
        {eye}
      </span>
    );
  return (
    <Space align="start" size={4}>
      <span {...(compact ? {} : { 'data-testid': 'receiver' })}>
        {[shown.receiverName, shown.receiverPhone].filter(Boolean).join(' ')}
        <br />
        {compact ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {address}
          </Typography.Text>
        ) : (
          address
        )}
      </span>
      {eye}
    </Space>
  );
}
