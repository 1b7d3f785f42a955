// Split out-of-stock (spec 02 §4.3): 'split all' takes each short item out wholly; 'split part'
// takes only the shortfall (5 wanted with 2 in stock: 2 stay, 3 go to the out-of-stock order).
import { useEffect, useState } from 'react';
import { Alert, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderRow, SplitOutOfStockMode } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { orderCommandsApi } from '../api';
import { commandErrorMessage, useOrderCommand } from '../queries';

export function SplitOutOfStockModal({ order, onClose, onDone }: { order: OrderRow | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<SplitOutOfStockMode>('part');
  const [error, setError] = useState<string | null>(null);
  const split = useOrderCommand(orderCommandsApi.splitOutOfStock);
  useEffect(() => setError(null), [order]);

  const submit = () => {
    if (!order) return;
    split.mutate(
      { id: order.id, version: order.version, mode },
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
    <Modal open={!!order} title={t('ordercommands:splitOutOfStock.title', { code: order?.code ?? '' })} onCancel={onClose} onOk={submit} okText={t('ordercommands:split.ok')} cancelText={t('common:actions.cancel')} confirmLoading={split.isPending} destroyOnHidden>
      {error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={error} />}
      <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as SplitOutOfStockMode)}>
        <Space orientation="vertical">
          <Radio value="all">
            {t('ordercommands:splitOutOfStock.all')}
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {t('ordercommands:splitOutOfStock.allHelp')}
            </Typography.Text>
          </Radio>
          <Radio value="part">
            {t('ordercommands:splitOutOfStock.part')}
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {t('ordercommands:splitOutOfStock.partHelp')}
            </Typography.Text>
          </Radio>
        </Space>
      </Radio.Group>
    </Modal>
  );
}
