// The inventory-sync log (/logs activeKey 3, MENU_BIZ_LOG): every push of an online SKU's
// quantity to its store, with filters by store, SKU, status and time; failures can be retried
// (one, the selected ones) by accounts that also hold MENU_INV_SYNC.
import { useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space, Table, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { STOCK_SYNC_STATUSES, STOCK_SYNC_TRIGGERS, type StockSyncRecordRow, type StockSyncStatus, type StockSyncTrigger } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { useSession } from '../../../app/session';
import { toast } from '../../../app/toast';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { StoreSelect } from '../../stores/components/store-select';
import { PlatformTag } from '../../stores/components/store-tags';
import { stockSyncApi } from './api';
import { OnlineSkuCell, SyncErrorCell, SyncStatusTag } from './components/sync-tags';
import { useStockSyncMutation, useSyncLog, type SyncLogFilter } from './queries';

interface Filters {
  storeId?: number;
  keyword?: string;
  status?: StockSyncStatus;
  trigger?: StockSyncTrigger;
  range?: [Dayjs, Dayjs];
}

export default function InventorySyncLogTab() {
  const { t } = useTranslation();
  const session = useSession();
  const canRetry = session.menus.has('MENU_INV_SYNC');
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, storeId: 0, keyword: '', status: '', trigger: '', from: '', to: '' });
  const filter: SyncLogFilter = {
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.storeId ? { storeId: state.storeId } : {}),
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.status ? { status: state.status as StockSyncStatus } : {}),
    ...(state.trigger ? { trigger: state.trigger as StockSyncTrigger } : {}),
    ...(state.from ? { timeFrom: state.from } : {}),
    ...(state.to ? { timeTo: state.to } : {}),
  };
  const list = useSyncLog(filter);
  const [selected, setSelected] = useState<number[]>([]);
  const retry = useStockSyncMutation((ids: number[]) => stockSyncApi.retry({ idList: ids }));
  const doRetry = (ids: number[]) =>
    retry.mutate(ids, {
      onSuccess: (result) => {
        setSelected([]);
        toast.success(t('stocksync:log.retried', { count: result.requested }));
      },
      onError: (error) => toast.error(errorMessage(error as ApiError)),
    });
  const [form] = Form.useForm<Filters>();

  return (
    <>
      <Form<Filters>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        initialValues={{
          storeId: state.storeId || undefined,
          keyword: state.keyword || undefined,
          status: (state.status || undefined) as StockSyncStatus | undefined,
          trigger: (state.trigger || undefined) as StockSyncTrigger | undefined,
          range: state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : undefined,
        }}
        onFinish={(v) =>
          setState({
            currentPage: 1,
            storeId: v.storeId ?? 0,
            keyword: v.keyword?.trim() ?? '',
            status: v.status ?? '',
            trigger: v.trigger ?? '',
            from: v.range ? v.range[0].startOf('day').format('YYYY-MM-DD HH:mm:ss') : '',
            to: v.range ? v.range[1].endOf('day').format('YYYY-MM-DD HH:mm:ss') : '',
          })
        }
      >
        <Form.Item name="storeId" label={t('stocksync:log.store')}>
          <StoreSelect allowClear onlineOnly includeDisabled style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="keyword" label={t('stocksync:log.sku')}>
          <Input allowClear style={{ width: 180 }} placeholder={t('stocksync:log.skuPlaceholder')} />
        </Form.Item>
        <Form.Item name="status" label={t('stocksync:log.status')}>
          <Select allowClear style={{ width: 130 }} options={STOCK_SYNC_STATUSES.map((s) => ({ value: s, label: t(`stocksync:statuses.${s}`) }))} />
        </Form.Item>
        <Form.Item name="trigger" label={t('stocksync:log.trigger')}>
          <Select allowClear style={{ width: 130 }} options={STOCK_SYNC_TRIGGERS.map((s) => ({ value: s, label: t(`stocksync:triggers.${s}`) }))} />
        </Form.Item>
        <Form.Item name="range" label={t('stocksync:log.time')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common:actions.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              form.setFieldsValue({ storeId: undefined, keyword: undefined, status: undefined, trigger: undefined, range: undefined });
              setState({ currentPage: 1, storeId: 0, keyword: '', status: '', trigger: '', from: '', to: '' });
            }}
          >
            {t('common:actions.reset')}
          </Button>
          {canRetry && (
            <Button disabled={!selected.length} loading={retry.isPending} onClick={() => doRetry(selected)}>
              {t('stocksync:log.retrySelected', { count: selected.length })}
            </Button>
          )}
        </Space>
      </Form>
      <Table<StockSyncRecordRow>
        rowKey="id"
        size="small"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.voList ?? []}
        rowSelection={
          canRetry
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), getCheckboxProps: (r) => ({ disabled: r.status !== 'FAILURE' }), preserveSelectedRowKeys: true }
            : undefined
        }
        pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        columns={[
          {
            title: t('stocksync:columns.time'),
            width: 150,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <DateTime value={r.createdAt} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.requestedByName === 'system' ? t('stocksync:log.system') : (r.requestedByName ?? '-')}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('stocksync:log.store'),
            width: 170,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span>{r.storeName}</span>
                <PlatformTag code={r.platformCode} />
              </Space>
            ),
          },
          { title: t('stocksync:columns.onlineSku'), width: 230, render: (_, r) => <OnlineSkuCell row={r} /> },
          { title: t('stocksync:columns.systemSku'), dataIndex: 'skuCode', width: 130 },
          {
            title: t('stocksync:columns.pushedQuantity'),
            width: 90,
            align: 'right',
            render: (_, r) =>
              r.quantity === null ? (
                '-'
              ) : (
                <Tooltip title={t('stocksync:log.availableAt', { available: r.available })}>
                  <Typography.Text strong>{r.quantity}</Typography.Text>
                </Tooltip>
              ),
          },
          {
            title: t('stocksync:log.status'),
            width: 110,
            render: (_, r) => (
              <Space direction="vertical" size={2}>
                <SyncStatusTag status={r.status} stopReason={r.stopReason} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`stocksync:triggers.${r.trigger}`)}
                </Typography.Text>
              </Space>
            ),
          },
          { title: t('stocksync:columns.attempt'), dataIndex: 'attempt', width: 60, align: 'right' },
          { title: t('stocksync:columns.error'), render: (_, r) => <SyncErrorCell record={r} /> },
          ...(canRetry
            ? [
                {
                  title: t('common:actions.title'),
                  width: 80,
                  render: (_: unknown, r: StockSyncRecordRow) =>
                    r.status === 'FAILURE' ? (
                      <Button type="link" size="small" loading={retry.isPending && retry.variables?.includes(r.id)} onClick={() => doRetry([r.id])}>
                        {t('stocksync:failures.retry')}
                      </Button>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
