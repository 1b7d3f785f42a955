// Tab 2, sales by order: a row per period and store, the totals row, a click drills into the
// order lines and after-sales of the row.
import { useState } from 'react';
import { Alert, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderSalesRow } from '@openseller/core';
import { tablePagination } from '../../../ui/pagination';
import { reportErrorMessage, reportKeys, reportsApi } from '../api';
import { DrillDrawer, type DrillTarget } from './drill-drawer';
import { figureColumns, SalesFilterBar, totalsCells, useSalesFilter } from './sales-filter';

export function OrderSalesTab() {
  const { t } = useTranslation();
  const filter = useSalesFilter(30);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const input = { ...filter.input, ...page };
  const report = useQuery({ queryKey: reportKeys.of('orderSales', input), queryFn: () => reportsApi.orderSales(input), placeholderData: (p) => p });
  const withCost = report.data?.totals.cost !== undefined;
  const totals = totalsCells(report.data?.totals, withCost);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <SalesFilterBar filter={filter} exportKind="orderSales" />
      {report.error && <Alert type="error" showIcon message={reportErrorMessage(report.error)} />}
      <Table<OrderSalesRow>
        size="small"
        rowKey={(r) => `${r.period}:${r.storeId}:${r.platformCode}`}
        loading={report.isFetching}
        dataSource={report.data?.voList ?? []}
        locale={{ emptyText: t('reports:emptyPeriod') }}
        onRow={(r) => ({
          onClick: () => setDrill({ title: `${r.period} ${r.storeName}`, base: filter.input, cell: { period: r.period, storeId: r.storeId, platformCode: r.platformCode } }),
          style: { cursor: 'pointer' },
        })}
        pagination={tablePagination(page.currentPage, page.pageSize, report.data?.total ?? 0, (currentPage, pageSize) => setPage({ currentPage, pageSize }))}
        columns={[
          { key: 'period', title: t('reports:columns.period'), dataIndex: 'period' },
          { key: 'storeName', title: t('reports:columns.store'), dataIndex: 'storeName' },
          ...figureColumns<OrderSalesRow>(t, withCost),
        ]}
        summary={() =>
          report.data ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <a onClick={() => setDrill({ title: t('reports:total'), base: filter.input, cell: {} })}>
                    <strong>{t('reports:total')}</strong>
                  </a>
                </Table.Summary.Cell>
                {totals.map((v, i) => (
                  <Table.Summary.Cell key={i} index={i + 2} align="right">
                    <strong>{v}</strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
      <DrillDrawer target={drill} onClose={() => setDrill(null)} />
    </Space>
  );
}
