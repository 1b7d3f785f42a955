// Intercept tasks (issue 14 must-have 4): in tab 5 (type intercepted) every task of the domain,
// open ones first; in an order's detail the tasks of that order. An OPEN task is confirmed (the
// parcel was pulled back: the waybill number is recycled, the order stays held) or released (the
// refund is over: the order can be printed and shipped). Refusals are shown per task.
import { useState } from 'react';
import { Alert, Button, Flex, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { interceptTaskAllows, type InterceptTaskBatchResult, type InterceptTaskRow, type InterceptTaskStatus } from '@openseller/core';
import { toast } from '../../../app/toast';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { commandErrorMessage, useOrderCommand } from '../commands/queries';
import { interceptTasksApi } from './api';

const STATUS_COLORS: Record<InterceptTaskStatus, string> = { OPEN: 'red', INTERCEPTED: 'orange', RELEASED: 'green' };

export function InterceptTaskStatusTag({ status }: { status: InterceptTaskStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`orderintercepts:statuses.${status}`)}</Tag>;
}

export function InterceptTasksPanel({ orderId, onOpenOrder, onDone }: { orderId?: number; onOpenOrder?: (id: number) => void; onDone?: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<InterceptTaskStatus | 'ALL'>(orderId ? 'ALL' : 'OPEN');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const filter = { ...page, ...(orderId ? { orderId } : {}), ...(status === 'ALL' ? {} : { statusList: [status] }) };
  // Under the orders key: an order command (and these actions) refresh it with the list.
  const list = useQuery({ queryKey: ['orders', 'interceptTasks', filter], queryFn: () => interceptTasksApi.search(filter) });
  const confirm = useOrderCommand(interceptTasksApi.confirm);
  const release = useOrderCommand(interceptTasksApi.release);

  function report(r: InterceptTaskBatchResult) {
    if (r.succeeded.length) toast.success(t('orderintercepts:result.done', { count: r.succeeded.length }));
    if (r.refusals.length) toast.error(t('orderintercepts:result.refused', { count: r.refusals.length, reasons: r.refusals.map((x) => x.message).join('; ') }));
    onDone?.();
  }
  const act = (action: 'confirm' | 'release', task: InterceptTaskRow) =>
    (action === 'confirm' ? confirm : release).mutate({ list: [{ id: task.id, version: task.version }] }, { onSuccess: report, onError: (e) => toast.error(commandErrorMessage(e)) });

  if (orderId && list.data && list.data.total === 0) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{t('orderintercepts:title')}</Typography.Text>
        {!orderId && (
          <Segmented<InterceptTaskStatus | 'ALL'>
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
            options={[
              { value: 'OPEN', label: t('orderintercepts:statuses.OPEN') },
              { value: 'INTERCEPTED', label: t('orderintercepts:statuses.INTERCEPTED') },
              { value: 'RELEASED', label: t('orderintercepts:statuses.RELEASED') },
              { value: 'ALL', label: t('orderintercepts:filter.all') },
            ]}
          />
        )}
      </Flex>
      {list.error && <Alert type="error" showIcon title={commandErrorMessage(list.error)} />}
      <Table<InterceptTaskRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.voList ?? []}
        locale={{ emptyText: t('orderintercepts:empty') }}
        pagination={orderId ? false : tablePagination(page.currentPage, page.pageSize, list.data?.total ?? 0, (currentPage, pageSize) => setPage({ currentPage, pageSize }))}
        columns={[
          {
            title: t('orderintercepts:columns.order'),
            key: 'order',
            render: (_, r) => (onOpenOrder ? <Typography.Link onClick={() => onOpenOrder(r.orderId)}>{r.orderCode}</Typography.Link> : r.orderCode),
          },
          { title: t('orderintercepts:columns.platformNo'), dataIndex: 'platformNo', render: (v: string | null) => v ?? '-' },
          { title: t('orderintercepts:columns.store'), dataIndex: 'storeName', render: (v: string | null) => v ?? '-' },
          { title: t('orderintercepts:columns.refund'), dataIndex: 'refundKey' },
          { title: t('orderintercepts:columns.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '-' },
          {
            title: t('orderintercepts:columns.waybill'),
            key: 'waybill',
            render: (_, r) => (
              <Typography.Text delete={!!r.expressNo && r.currentExpressNo !== r.expressNo}>{[r.expressCompanyCode, r.expressNo].filter(Boolean).join(' ') || '-'}</Typography.Text>
            ),
          },
          { title: t('orderintercepts:columns.status'), dataIndex: 'status', render: (v: InterceptTaskStatus) => <InterceptTaskStatusTag status={v} /> },
          { title: t('orderintercepts:columns.createdAt'), dataIndex: 'createdAt', render: (v: string) => <DateTime value={v} /> },
          {
            title: t('orderintercepts:columns.resolved'),
            key: 'actions',
            render: (_, r) =>
              interceptTaskAllows(r.status, 'confirm') ? (
                <Space size={4}>
                  <Popconfirm title={t('orderintercepts:actions.confirmHelp')} onConfirm={() => act('confirm', r)}>
                    <Button size="small" type="primary" danger loading={confirm.isPending}>
                      {t('orderintercepts:actions.confirm')}
                    </Button>
                  </Popconfirm>
                  <Popconfirm title={t('orderintercepts:actions.releaseHelp')} onConfirm={() => act('release', r)}>
                    <Button size="small" loading={release.isPending}>
                      {t('orderintercepts:actions.release')}
                    </Button>
                  </Popconfirm>
                </Space>
              ) : (
                <Typography.Text type="secondary">
                  {r.resolvedByName ?? '-'} {r.resolvedAt ? <DateTime value={r.resolvedAt} /> : null}
                </Typography.Text>
              ),
          },
        ]}
      />
    </Flex>
  );
}
