// The sync failures of tab 5: platform orders whose ingest failed, with their error; "Sync
// again" re-ingests the stored order through the pipeline, "Close alert" hides the error.
import { useState } from 'react';
import { Button, Flex, Input, Segmented, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderBatchResult, SyncFailRow } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { tablePagination } from '../../../../ui/pagination';
import { DateTime } from '../../../../ui/relative-time';
import { commandErrorMessage, useOrderCommand } from '../../commands/queries';
import { orderExceptionsApi } from '../api';
import { useSyncFails } from '../queries';

export function SyncFailPanel({ onResult, onDone }: { onResult: (title: string, result: OrderBatchResult) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'OPEN' | 'CLOSED'>('OPEN');
  const [keywords, setKeywords] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [selected, setSelected] = useState<number[]>([]);
  const filter = { ...page, soSyncStatusList: [status], ...(keywords ? { codeKeywords: keywords } : {}) };
  const list = useSyncFails(filter);
  const reSync = useOrderCommand(orderExceptionsApi.reSync);
  const close = useOrderCommand(orderExceptionsApi.closeAlert);

  const runReSync = () =>
    reSync.mutate(selected, {
      onSuccess: (result) => {
        setSelected([]);
        onResult(t('orderexceptions:sync.reSync'), result);
        onDone();
      },
      onError: (error) => toast.error(commandErrorMessage(error)),
    });
  const runClose = () =>
    close.mutate(selected, {
      onSuccess: (result) => {
        setSelected([]);
        toast.success(t('orderexceptions:sync.closed', { count: result.closed }));
        onDone();
      },
      onError: (error) => toast.error(commandErrorMessage(error)),
    });

  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      <Flex gap={8} wrap align="center">
        <Segmented<'OPEN' | 'CLOSED'>
          value={status}
          onChange={(v) => {
            setStatus(v);
            setSelected([]);
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
          options={[
            { value: 'OPEN', label: t('orderexceptions:sync.open') },
            { value: 'CLOSED', label: t('orderexceptions:sync.closedAlerts') },
          ]}
        />
        <Input.Search
          allowClear
          style={{ width: 320 }}
          aria-label={t('orderexceptions:sync.codeKeywords')}
          placeholder={t('orderexceptions:sync.codePlaceholder')}
          onSearch={(v) => {
            setKeywords(v.trim());
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
        />
        <Button type="primary" disabled={!selected.length} loading={reSync.isPending} onClick={runReSync}>
          {t('orderexceptions:sync.reSync')}
        </Button>
        {status === 'OPEN' && (
          <Button disabled={!selected.length} loading={close.isPending} onClick={runClose}>
            {t('orderexceptions:sync.closeAlert')}
          </Button>
        )}
        {list.error && <Typography.Text type="danger">{commandErrorMessage(list.error)}</Typography.Text>}
      </Flex>
      <Table<SyncFailRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.voList ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{ emptyText: t('orderexceptions:sync.empty') }}
        pagination={tablePagination(page.currentPage, page.pageSize, list.data?.total ?? 0, (currentPage, pageSize) => {
          setSelected([]);
          setPage({ currentPage: pageSize !== page.pageSize ? 1 : currentPage, pageSize });
        })}
        columns={[
          { title: t('orderexceptions:sync.platformNo'), key: 'no', width: 200, render: (_, r) => <Typography.Text copyable>{r.platformNo}</Typography.Text> },
          { title: t('orderexceptions:sync.store'), key: 'store', width: 140, render: (_, r) => r.storeName ?? '-' },
          { title: t('orderexceptions:sync.platformStatus'), key: 'status', width: 170, render: (_, r) => <Tag>{r.platformStatus}</Tag> },
          { title: t('orderexceptions:sync.order'), key: 'order', width: 170, render: (_, r) => r.erpOrderCode ?? '-' },
          { title: t('orderexceptions:sync.error'), key: 'error', render: (_, r) => <Typography.Text type="danger">{r.errorMsg}</Typography.Text> },
          { title: t('orderexceptions:sync.time'), key: 'time', width: 160, render: (_, r) => <DateTime value={r.updatedAt} /> },
        ]}
      />
    </Flex>
  );
}
