// A self-defined store's secret: masked, revealed on request, regenerated after a confirmation
// (the old secret stops working at once).
import { useState } from 'react';
import { Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StoreRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { storesApi } from '../api';
import { useStoresMutation } from '../queries';

export function SecretCell({ store }: { store: StoreRow }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState<string | null>(null);
  const regenerate = useStoresMutation(() => storesApi.regenerateSecret(store.id, store.version));
  if (store.storeType !== 3 || !store.maskedSecret) return <Typography.Text type="secondary">-</Typography.Text>;
  const shown = revealed ?? `${'*'.repeat(8)}${store.maskedSecret.slice(-4)}`;
  return (
    <Space size={0}>
      <Typography.Text code copyable={revealed ? { text: revealed } : false} style={{ fontSize: 12 }}>
        {shown}
      </Typography.Text>
      <Tooltip title={revealed ? t('stores:secret.hide') : t('stores:secret.reveal')}>
        <Button
          type="text"
          size="small"
          aria-label={revealed ? t('stores:secret.hide') : t('stores:secret.reveal')}
          icon={revealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={async () => setRevealed(revealed ? null : (await storesApi.revealSecret(store.id)).secretKey)}
        />
      </Tooltip>
      <Popconfirm
        title={t('stores:secret.regenerateTitle')}
        description={t('stores:secret.regenerateBody')}
        okText={t('stores:secret.regenerate')}
        cancelText={t('common:actions.cancel')}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: (answer) => {
              setRevealed(answer.secretKey);
              toast.success(t('stores:secret.regenerated'));
            },
          })
        }
      >
        <Tooltip title={t('stores:secret.regenerate')}>
          <Button type="text" size="small" aria-label={t('stores:secret.regenerate')} icon={<ReloadOutlined />} loading={regenerate.isPending} />
        </Tooltip>
      </Popconfirm>
    </Space>
  );
}
