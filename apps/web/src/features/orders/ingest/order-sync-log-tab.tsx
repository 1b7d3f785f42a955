// The order-sync log (/logs activeKey 6): each pull of a store's orders (scheduled or asked for)
// with its window, counts and error; accounts holding MENU_ERPSO can pull a store now.
import { useState } from 'react';
import { Button, Form, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderSyncRunRow } from '@openseller/core';
import { useSession } from '../../../app/session';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { StoreSelect } from '../../stores/components/store-select';
import { usePullNowWithToasts, useSyncRuns } from './queries';

const STATUS_COLOR: Record<string, string> = { RUNNING: 'processing', SUCCESS: 'success', FAILURE: 'error' };

export default function OrderSyncLogTab() {
  const { t } = useTranslation();
  const session = useSession();
  const canPull = session.menus.has('MENU_ERPSO');
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, storeId: 0 });
  const runs = useSyncRuns({ currentPage: state.currentPage, pageSize: state.pageSize, ...(state.storeId ? { storeId: state.storeId } : {}) });
  const { pull, pullNow } = usePullNowWithToasts();
  const [pullStore, setPullStore] = useState<number | undefined>(state.storeId || undefined);

  return (
    <>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('orderingest:log.store')} htmlFor="order-sync-store">
          <StoreSelect
            id="order-sync-store"
            allowClear
            onlineOnly
            includeDisabled
            style={{ width: 220 }}
            value={pullStore}
            onChange={(v) => {
              const id = typeof v === 'number' ? v : undefined;
              setPullStore(id);
              setState({ currentPage: 1, storeId: id ?? 0 });
            }}
          />
        </Form.Item>
        {canPull && (
          <Button type="primary" disabled={!pullStore} loading={pull.isPending} onClick={() => pullStore && pullNow(pullStore)}>
            {t('orderingest:log.pullNow')}
          </Button>
        )}
      </Form>
      <Table<OrderSyncRunRow>
        rowKey="id"
        size="small"
        loading={runs.isFetching && !runs.data}
        dataSource={runs.data?.voList ?? []}
        pagination={tablePagination(state.currentPage, state.pageSize, runs.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        columns={[
          { title: t('orderingest:log.startedAt'), width: 160, render: (_, r) => <DateTime value={r.startedAt} /> },
          { title: t('orderingest:log.store'), dataIndex: 'storeName', width: 160 },
          { title: t('orderingest:log.trigger'), width: 100, render: (_, r) => t(`orderingest:triggers.${r.trigger}`) },
          { title: t('orderingest:log.status'), width: 100, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`orderingest:statuses.${r.status}`)}</Tag> },
          {
            title: t('orderingest:log.window'),
            width: 300,
            render: (_, r) => (
              <Space size={4}>
                {r.windowFrom ? <DateTime value={r.windowFrom} /> : '-'}
                <span>~</span>
                {r.windowTo ? <DateTime value={r.windowTo} /> : '-'}
              </Space>
            ),
          },
          { title: t('orderingest:log.pulledCount'), dataIndex: 'pulled', width: 70, align: 'right' },
          { title: t('orderingest:log.created'), dataIndex: 'created', width: 70, align: 'right' },
          { title: t('orderingest:log.updated'), dataIndex: 'updated', width: 70, align: 'right' },
          { title: t('orderingest:log.failed'), dataIndex: 'failed', width: 70, align: 'right' },
          { title: t('orderingest:log.attempts'), dataIndex: 'attempts', width: 70, align: 'right' },
          {
            title: t('orderingest:log.error'),
            render: (_, r) =>
              r.errorMsg ? (
                <Typography.Text type="danger" ellipsis={{ tooltip: r.errorMsg }} style={{ maxWidth: 260 }}>
                  {r.errorMsg}
                </Typography.Text>
              ) : null,
          },
          ...(canPull
            ? [
                {
                  title: t('common:actions.title'),
                  width: 90,
                  render: (_: unknown, r: OrderSyncRunRow) => (
                    <Button type="link" size="small" loading={pull.isPending && pull.variables === r.storeId} onClick={() => pullNow(r.storeId)}>
                      {t('orderingest:log.pullNow')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
