// The goods list's warehouse-system cell (spec 02 §3.1 sync statuses): the goods' rolled-up status;
// a click shows each warehouse's row (status, reason of a failure) and sends the goods again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, List, Popover, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkuSyncStatus } from '@openseller/core';
import { toast } from '../../../app/toast';
import { goodsWmsApi } from '../api';

const SYNC_COLORS: Record<SkuSyncStatus, string> = { NONE: 'default', REQUEST: 'processing', SENDING: 'processing', SUCCESS: 'success', FAILURE: 'error' };

export function GoodsSyncCell({ spuId, status, isCombination }: { spuId: number; status: SkuSyncStatus; isCombination: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const rows = useQuery({ queryKey: ['goods', 'wms-sync', spuId], queryFn: () => goodsWmsApi.syncRows(spuId), enabled: open });
  const tag = <Tag color={SYNC_COLORS[status]}>{t(`goods:sync.${status}`)}</Tag>;
  if (isCombination) return tag;
  const sendAgain = async () => {
    setSending(true);
    try {
      const r = await goodsWmsApi.syncAgain(spuId);
      toast.success(t('goods:wms.requested', { requested: r.requested }));
      await client.invalidateQueries({ queryKey: ['goods'] });
    } finally {
      setSending(false);
    }
  };
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title={t('goods:wms.title')}
      content={
        <Space direction="vertical" style={{ width: 320 }}>
          {rows.data?.voList.length ? (
            <List
              size="small"
              dataSource={rows.data.voList}
              renderItem={(r) => (
                <List.Item>
                  <Space direction="vertical" size={0}>
                    <Space>
                      <Typography.Text>{r.warehouseName}</Typography.Text>
                      <Typography.Text type="secondary">{r.skuCode}</Typography.Text>
                      <Tag color={SYNC_COLORS[r.syncStatus]}>{t(`goods:sync.${r.syncStatus}`)}</Tag>
                    </Space>
                    {r.message && <Typography.Text type="danger">{r.message}</Typography.Text>}
                  </Space>
                </List.Item>
              )}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={rows.isLoading ? ' ' : t('goods:wms.none')} />
          )}
          <Button type="primary" size="small" loading={sending} onClick={() => void sendAgain()}>
            {t('goods:wms.sendAgain')}
          </Button>
        </Space>
      }
    >
      <span style={{ cursor: 'pointer' }} role="button" aria-label={t('goods:wms.title')}>
        {tag}
      </span>
    </Popover>
  );
}
