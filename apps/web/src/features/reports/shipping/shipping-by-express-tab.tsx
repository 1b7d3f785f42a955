// Tab 6 of /reports, shipping by express (sendPackage): parcels per shop day or month per courier
// (stacked bars), each courier's share of the period (pie), and the table; each parcels figure
// opens the orders that make it up.
import { useState } from 'react';
import { Alert, Button, Card, Col, Row, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SendPackageRow } from '@openseller/core';
import { reportShipErrorMessage, shipReportApi, shipReportKeys } from './api';
import { SharePie, StackedBars } from './charts';
import { useShopToday } from '../shop-day';
import { defaultShipFilter, ShipFilters, shipFilterInput, type ShipFilterValue } from './filters';
import { ParcelsDrawer, type ParcelCell } from './parcels-drawer';
import { ExportButton, NoParcels, ShipTotalsRow } from './shared';

export function ShippingByExpressTab() {
  const { t } = useTranslation();
  const today = useShopToday();
  const [filter, setFilter] = useState<ShipFilterValue>(() => defaultShipFilter(today));
  const [page, setPage] = useState({ currentPage: 1, pageSize: 50 });
  const [cell, setCell] = useState<ParcelCell | null>(null);
  const base = shipFilterInput(filter);
  const input = { ...base, ...page };
  const report = useQuery({ queryKey: shipReportKeys.of('sendPackage', input), queryFn: () => shipReportApi.sendPackage(input), placeholderData: (p) => p });
  const data = report.data;
  const courierCode = (code: string) => code || '-';
  return (
    <Card>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('reportship:byExpress.hint')}
        </Typography.Paragraph>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <ShipFilters
            value={filter}
            onChange={(v) => {
              setFilter(v);
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
          />
          <ExportButton start={() => shipReportApi.exportSendPackage(base)} disabled={!data?.totals.parcels} />
        </Space>
        {report.error && <Alert type="error" showIcon message={reportShipErrorMessage(report.error)} />}
        <ShipTotalsRow totals={data?.totals} loading={report.isLoading} />
        {data && !data.totals.parcels ? (
          <NoParcels />
        ) : (
          <>
            <Row gutter={16}>
              <Col xs={24} lg={16}>
                <StackedBars
                  label={t('reportship:byExpress.perDay')}
                  categories={data?.periods ?? []}
                  series={(data?.series ?? []).map((s) => ({ name: s.expressCompanyName, values: s.parcels }))}
                />
              </Col>
              <Col xs={24} lg={8}>
                <SharePie label={t('reportship:byExpress.share')} items={(data?.byCourier ?? []).map((c) => ({ name: c.expressCompanyName, value: c.parcels }))} />
              </Col>
            </Row>
            <Table<SendPackageRow>
              size="small"
              rowKey={(r) => `${r.period}|${r.expressCompanyCode}`}
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
                { title: t('reportship:columns.courier'), dataIndex: 'expressCompanyName' },
                {
                  title: t('reportship:columns.parcels'),
                  dataIndex: 'parcels',
                  align: 'right',
                  render: (v: number, r) => (
                    <Button
                      type="link"
                      size="small"
                      aria-label={t('reportship:drill.open', { cell: `${r.period} ${r.expressCompanyName}` })}
                      onClick={() => setCell({ ...base, period: r.period, expressCompanyCode: courierCode(r.expressCompanyCode), title: `${r.period} · ${r.expressCompanyName}` })}
                    >
                      {v}
                    </Button>
                  ),
                },
                { title: t('reportship:columns.share'), dataIndex: 'share', align: 'right', render: (v: string | null) => (v == null ? '—' : `${v}%`) },
                { title: t('reportship:columns.qty'), dataIndex: 'qty', align: 'right' },
                { title: t('reportship:columns.weight'), dataIndex: 'weight', align: 'right' },
                { title: t('reportship:columns.late'), dataIndex: 'lateParcels', align: 'right' },
              ]}
              summary={() =>
                data ? (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={2}>
                      <strong>{t('reportship:total')}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right">
                      <strong>{data.totals.parcels}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3} align="right">
                      <strong>{data.totals.parcels ? '100.00%' : '—'}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={4} align="right">
                      <strong>{data.totals.qty}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={5} align="right">
                      <strong>{data.totals.weight}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={6} align="right">
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
