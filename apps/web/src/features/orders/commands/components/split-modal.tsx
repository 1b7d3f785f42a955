// Split by hand: how many of each line move to the new order (at most the line's quantity; at
// least one piece stays).
import { useEffect, useState } from 'react';
import { Alert, InputNumber, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderLineRow, OrderRow } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { orderCommandsApi } from '../api';
import { commandErrorMessage, useOrderCommand } from '../queries';

export function SplitModal({ order, onClose, onDone }: { order: OrderRow | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [qty, setQty] = useState<Record<number, number>>({});
  const [error, setError] = useState<string | null>(null);
  const split = useOrderCommand(orderCommandsApi.split);
  useEffect(() => {
    setQty({});
    setError(null);
  }, [order]);

  const lines = (order?.lines ?? []).filter((l) => l.cancelTag !== 1);
  const submit = () => {
    if (!order) return;
    const chosen = Object.entries(qty)
      .filter(([, q]) => q > 0)
      .map(([lineId, q]) => ({ lineId: Number(lineId), qty: q }));
    if (!chosen.length) return setError(t('ordercommands:split.nothingChosen'));
    split.mutate(
      { id: order.id, version: order.version, lines: chosen },
      {
        onSuccess: (r) => {
          toast.success(t('ordercommands:split.done', { code: r.childCode }));
          onDone();
          onClose();
        },
        onError: (e) => setError(commandErrorMessage(e)),
      },
    );
  };

  return (
    <Modal open={!!order} title={t('ordercommands:split.title', { code: order?.code ?? '' })} onCancel={onClose} onOk={submit} okText={t('ordercommands:split.ok')} cancelText={t('common:actions.cancel')} confirmLoading={split.isPending} width={720} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('ordercommands:split.help')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={error} />}
      <Table<OrderLineRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={lines}
        columns={[
          { title: t('ordercommands:fields.skuCode'), render: (_, l) => l.skuCode ?? l.outerSkuId ?? l.tbSkuId ?? '-' },
          { title: t('ordercommands:fields.skuName'), render: (_, l) => l.skuName ?? l.title ?? '-' },
          { title: t('ordercommands:fields.qty'), dataIndex: 'qty', width: 80, align: 'right' },
          {
            title: t('ordercommands:split.moveQty'),
            width: 140,
            render: (_, l) => (
              <InputNumber
                aria-label={t('ordercommands:split.moveQtyOf', { sku: l.skuCode ?? l.id })}
                min={0}
                max={l.qty}
                precision={0}
                value={qty[l.id] ?? 0}
                onChange={(v) => setQty((prev) => ({ ...prev, [l.id]: Number(v ?? 0) }))}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
