// Tab 3, sales by SKU: a row per SKU as sold (a combination is its own row), its stock beside it,
// the totals row; a click drills into the SKU's order lines and after-sales.
import { useState } from 'react';
import { Alert, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SkuSalesRow } from '@openseller/core';
import { tablePagination } from '../../../ui/pagination';
import { reportErrorMessage, reportKeys, reportsApi } from '../api';
import { DrillDrawer, type DrillTarget } from './drill-drawer';
import { figureColumns, SalesFilterBar, totalsCells, useSalesFilter } from './sales-filter';

export function SkuSalesTab() {
  const { t } = useTranslation();
  const filter = useSalesFilter(30);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const input = { ...filter.input, ...page };
  const report = useQuery({ queryKey: reportKeys.of('skuSales', input), queryFn: () => reportsApi.skuSales(input), placeholderData: (p) => p });
  const skuIds = (report.data?.voList ?? []).map((r) => r.skuId).filter((id) => id > 0);
  const stock = useQuery({ queryKey: reportKeys.of('inventory', skuIds), queryFn: () => reportsApi.inventory(skuIds), enabled: skuIds.length > 0 });
  const stockOf = new Map((stock.data?.voList ?? []).map((s) => [s.skuId, s]));
  const withCost = report.data?.totals.cost !== undefined;
  const totals = totalsCells(report.data?.totals, withCost);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <SalesFilterBar filter={filter} exportKind="skuSales" />
      {report.error && <Alert type="error" showIcon message={reportErrorMessage(report.error)} />}
      <Table<SkuSalesRow>
        size="small"
        rowKey="skuId"
        loading={report.isFetching}
        dataSource={report.data?.voList ?? []}
        locale={{ emptyText: t('reports:emptyPeriod') }}
        onRow={(r) => ({
          onClick: () => r.skuId > 0 && setDrill({ title: r.skuCode, base: filter.input, cell: { skuId: r.skuId } }),
          style: { cursor: r.skuId > 0 ? 'pointer' : 'default' },
        })}
        pagination={tablePagination(page.currentPage, page.pageSize, report.data?.total ?? 0, (currentPage, pageSize) => setPage({ currentPage, pageSize }))}
        columns={[
          {
            key: 'skuCode',
            title: t('reports:columns.skuCode'),
            dataIndex: 'skuCode',
            render: (v: string, r) => (
              <Space size={4}>
                {v || t('reports:unmapped')}
                {r.isCombination && <Tag>{t('reports:columns.combination')}</Tag>}
              </Space>
            ),
          },
          { key: 'skuName', title: t('reports:columns.skuName'), dataIndex: 'skuName', ellipsis: true },
          { key: 'onHand', title: t('reports:columns.onHand'), align: 'right', render: (_: unknown, r) => stockOf.get(r.skuId)?.onHand ?? '—' },
          { key: 'available', title: t('reports:columns.available'), align: 'right', render: (_: unknown, r) => stockOf.get(r.skuId)?.available ?? '—' },
          ...figureColumns<SkuSalesRow>(t, withCost),
        ]}
        summary={() =>
          report.data ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={4}>
                <strong>{t('reports:total')}</strong>
              </Table.Summary.Cell>
              {totals.map((v, i) => (
                <Table.Summary.Cell key={i} index={i + 4} align="right">
                  <strong>{v}</strong>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
      <DrillDrawer target={drill} onClose={() => setDrill(null)} />
    </Space>
  );
}
