// Tab 5 of /reports, shipping by order (deliveryState): the parcels shipped per shop day or month,
// optionally split by store, warehouse or platform, with their pieces, weight and late parcels;
// each parcels figure opens the orders that make it up.
import { useState } from 'react';
import { Alert, Button, Card, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeliveryStateRow, SHIP_GROUPS } from '@openseller/core';
import { reportShipErrorMessage, shipReportApi, shipReportKeys } from './api';
import { StackedBars } from './charts';
import { useShopToday } from '../shop-day';
import { defaultShipFilter, ShipFilters, shipFilterInput, type ShipFilterValue } from './filters';
import { ParcelsDrawer, type ParcelCell } from './parcels-drawer';
import { ExportButton, NoParcels, ShipTotalsRow } from './shared';

type Group = (typeof SHIP_GROUPS)[number];

export function ShippingByOrderTab() {
  const { t } = useTranslation();
  const today = useShopToday();
  const [filter, setFilter] = useState<ShipFilterValue>(() => defaultShipFilter(today));
  const [groupBy, setGroupBy] = useState<Group>('NONE');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 50 });
  const [cell, setCell] = useState<ParcelCell | null>(null);
  const base = { ...shipFilterInput(filter), groupBy };
  const input = { ...base, ...page };
  const report = useQuery({ queryKey: shipReportKeys.of('deliveryState', input), queryFn: () => shipReportApi.deliveryState(input), placeholderData: (p) => p });
  const data = report.data;
  const open = (r: DeliveryStateRow) => {
    const key = r.groupKey;
    setCell({
      ...shipFilterInput(filter),
      period: r.period,
      ...(groupBy === 'STORE' && key ? { storeId: Number(key) } : {}),
      ...(groupBy === 'WAREHOUSE' && key !== null ? { warehouseId: Number(key) } : {}),
      ...(groupBy === 'PLATFORM' && key ? { platformCode: key } : {}),
      title: [r.period, r.groupName].filter(Boolean).join(' · '),
    });
  };
  return (
    <Card>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('reportship:byOrder.hint')}
        </Typography.Paragraph>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <ShipFilters
            value={filter}
            onChange={(v) => {
              setFilter(v);
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
          />
          <Space>
            <Select<Group>
              aria-label={t('reportship:byOrder.groupBy')}
              value={groupBy}
              style={{ width: 160 }}
              onChange={(v) => {
                setGroupBy(v);
                setPage((p) => ({ ...p, currentPage: 1 }));
              }}
              options={(['NONE', 'STORE', 'WAREHOUSE', 'PLATFORM'] as const).map((g) => ({ value: g, label: t(`reportship:groups.${g}`) }))}
            />
            <ExportButton start={() => shipReportApi.exportDeliveryState(base)} disabled={!data?.totals.parcels} />
          </Space>
        </Space>
        {report.error && <Alert type="error" showIcon message={reportShipErrorMessage(report.error)} />}
        <ShipTotalsRow totals={data?.totals} loading={report.isLoading} />
        {data && !data.totals.parcels ? (
          <NoParcels />
        ) : (
          <>
            <StackedBars
              label={t('reportship:columns.parcels')}
              categories={(data?.trend ?? []).map((p) => p.period)}
              series={[{ name: t('reportship:columns.parcels'), values: (data?.trend ?? []).map((p) => p.parcels) }]}
            />
            <Table<DeliveryStateRow>
              size="small"
              rowKey={(r) => `${r.period}|${r.groupKey ?? ''}`}
              loading={report.isFetching}
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
                { title: t('reportship:columns.period'), dataIndex: 'period' },
                ...(groupBy === 'NONE' ? [] : [{ title: t(`reportship:groups.${groupBy}`), dataIndex: 'groupName', render: (v: string | null) => v ?? t('reportship:noWarehouse') }]),
                {
                  title: t('reportship:columns.parcels'),
                  dataIndex: 'parcels',
                  align: 'right' as const,
                  render: (v: number, r: DeliveryStateRow) =>
                    v ? (
                      <Button type="link" size="small" onClick={() => open(r)} aria-label={t('reportship:drill.open', { cell: r.period })}>
                        {v}
                      </Button>
                    ) : (
                      0
                    ),
                },
                { title: t('reportship:columns.qty'), dataIndex: 'qty', align: 'right' as const },
                { title: t('reportship:columns.weight'), dataIndex: 'weight', align: 'right' as const },
                { title: t('reportship:columns.late'), dataIndex: 'lateParcels', align: 'right' as const },
              ]}
              summary={() =>
                data ? (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={groupBy === 'NONE' ? 1 : 2}>
                      <strong>{t('reportship:total')}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right">
                      <strong>{data.totals.parcels}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3} align="right">
                      <strong>{data.totals.qty}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={4} align="right">
                      <strong>{data.totals.weight}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={5} align="right">
                      <strong>{data.totals.lateParcels}</strong>
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                ) : null
              }
            />
          </>
        )}
      </Space>
      <ParcelsDrawer cell={cell} onClose={() => setCell(null)} />
    </Card>
  );
}
