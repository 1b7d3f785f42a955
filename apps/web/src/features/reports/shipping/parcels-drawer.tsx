// The parcels behind a figure of tab 5 or 6: the shipped orders that sum to it exactly, with their
// sums on top (the same filters and the cell's period, store, warehouse, platform or courier).
import { useState } from 'react';
import { Alert, Descriptions, Drawer, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type ParcelRow } from '@openseller/core';
import { reportShipErrorMessage, shipReportApi, shipReportKeys, type ParcelFilter } from './api';

export type ParcelCell = Omit<ParcelFilter, 'currentPage' | 'pageSize'> & { title: string };

export function ParcelsDrawer({ cell, onClose }: { cell: ParcelCell | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 50 });
  const { title, ...filter } = cell ?? { title: '' };
  const input = { ...(filter as ParcelFilter), ...page };
  const parcels = useQuery({
    queryKey: shipReportKeys.of('parcels', input),
    queryFn: () => shipReportApi.parcels(input),
    enabled: !!cell,
    placeholderData: (p) => p,
  });
  const data = parcels.data;
  return (
    <Drawer
      open={!!cell}
      onClose={() => {
        setPage({ currentPage: 1, pageSize: 50 });
        onClose();
      }}
      width={960}
      title={t('reportship:drill.title', { cell: title })}
      destroyOnHidden
    >
      {parcels.error && <Alert type="error" showIcon message={reportShipErrorMessage(parcels.error)} style={{ marginBottom: 12 }} />}
      <Descriptions size="small" column={4} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('reportship:columns.parcels')}>{data?.totals.parcels ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('reportship:columns.qty')}>{data?.totals.qty ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('reportship:columns.weight')}>{data?.totals.weight ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('reportship:columns.late')}>{data?.totals.lateParcels ?? '—'}</Descriptions.Item>
      </Descriptions>
      <Table<ParcelRow>
        size="small"
        rowKey="orderId"
        loading={parcels.isFetching}
        dataSource={data?.voList ?? []}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [50, 100, 500],
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { title: t('reportship:drill.order'), dataIndex: 'code' },
          { title: t('reportship:drill.platformNos'), dataIndex: 'platformNos', render: (v: string[]) => v.join(', ') },
          { title: t('reportship:groups.STORE'), dataIndex: 'storeName' },
          { title: t('reportship:groups.WAREHOUSE'), dataIndex: 'warehouseName', render: (v: string | null) => v ?? t('reportship:noWarehouse') },
          { title: t('reportship:columns.courier'), dataIndex: 'expressCompanyName' },
          { title: t('reportship:drill.expressNo'), dataIndex: 'expressNo' },
          { title: t('reportship:drill.shippedAt'), dataIndex: 'shippedAt', render: (v: string) => formatDateTime(v) },
          { title: t('reportship:columns.qty'), dataIndex: 'qty', align: 'right' },
          { title: t('reportship:columns.weight'), dataIndex: 'weight', align: 'right' },
          { title: '', dataIndex: 'late', render: (late: boolean) => (late ? <Tag color="orange">{t('reportship:drill.late')}</Tag> : null) },
        ]}
      />
    </Drawer>
  );
}
