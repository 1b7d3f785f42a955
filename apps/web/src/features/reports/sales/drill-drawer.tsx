// The drill-down of a report cell: the order lines (sales and their cost) and after-sales
// (refunds) that sum to it, with their totals, exported the same way.
import { useState } from 'react';
import { Alert, Button, Drawer, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, type DrillRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { tablePagination } from '../../../ui/pagination';
import { announceNewExport } from '../../exports/export-events';
import { reportErrorMessage, reportKeys, reportsApi, type DrillCell } from '../api';
import { totalsCells } from './sales-filter';

export interface DrillTarget {
  title: string;
  base: { startDate: string; endDate: string; reportType?: 'day' | 'month'; storeIds?: number[] };
  cell: DrillCell;
}

export function DrillDrawer({ target, onClose }: { target: DrillTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 50 });
  // The drawer keeps showing the cell it was opened on while it slides out (its title and rows do
  // not blank mid-animation); it forgets it once closed.
  const [shown, setShown] = useState<DrillTarget | null>(target);
  if (target && target !== shown) {
    setShown(target);
    setPage((p) => ({ ...p, currentPage: 1 }));
  }
  const input = shown ? { ...shown.base, ...shown.cell, ...page } : null;
  const drill = useQuery({ queryKey: reportKeys.of('drill', input), queryFn: () => reportsApi.drill(input!), enabled: !!input, placeholderData: (p) => p });
  const rows = drill.data?.voList ?? [];
  const withCost = drill.data?.totals.cost !== undefined;
  const money = (v: string | undefined) => (v === undefined ? '' : formatMoney(v));
  async function requestExport() {
    if (!shown) return;
    try {
      await reportsApi.exportReport({ report: 'drill', filter: { ...shown.base, ...shown.cell } });
      announceNewExport();
      toast.success(t('reports:export.started'));
    } catch (error) {
      toast.error(reportErrorMessage(error));
    }
  }
  const totals = totalsCells(drill.data?.totals, withCost);
  return (
    <Drawer open={!!target} onClose={onClose} width={1000} title={shown ? t('reports:drill.title', { cell: shown.title }) : ''} destroyOnHidden
      afterOpenChange={(open) => { if (!open) setShown(null); }}
      extra={<Button icon={<DownloadOutlined />} onClick={() => void requestExport()}>{t('reports:export.button')}</Button>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('reports:drill.hint')}</Typography.Paragraph>
        {drill.error && <Alert type="error" showIcon message={reportErrorMessage(drill.error)} />}
        <Table<DrillRow>
          size="small"
          rowKey={(r) => `${r.kind}:${r.orderLineId ?? ''}:${r.afterSaleId ?? ''}:${r.day}:${r.skuId}`}
          loading={drill.isFetching}
          dataSource={rows}
          locale={{ emptyText: t('reports:empty') }}
          pagination={tablePagination(page.currentPage, page.pageSize, drill.data?.total ?? 0, (currentPage, pageSize) => setPage({ currentPage, pageSize }))}
          columns={[
            { key: 'day', title: t('reports:drill.day'), dataIndex: 'day' },
            { key: 'kind', title: t('reports:drill.kind'), dataIndex: 'kind', render: (k: string) => <Tag color={k === 'REFUND' ? 'red' : k === 'COST' ? 'orange' : 'blue'}>{t(`reports:drill.kinds.${k}`)}</Tag> },
            { key: 'orderCode', title: t('reports:drill.order'), dataIndex: 'orderCode' },
            { key: 'afterSaleCode', title: t('reports:drill.afterSale'), dataIndex: 'afterSaleCode' },
            { key: 'skuCode', title: t('reports:columns.skuCode'), dataIndex: 'skuCode' },
            { key: 'orderCount', title: t('reports:figures.orderCount'), dataIndex: 'orderCount', align: 'right' },
            { key: 'qty', title: t('reports:figures.qty'), dataIndex: 'qty', align: 'right' },
            { key: 'amount', title: t('reports:figures.amount'), dataIndex: 'amount', align: 'right', render: money },
            { key: 'refundQty', title: t('reports:figures.refundQty'), dataIndex: 'refundQty', align: 'right' },
            { key: 'refund', title: t('reports:figures.refund'), dataIndex: 'refund', align: 'right', render: money },
            ...(withCost ? [{ key: 'cost', title: t('reports:figures.cost'), dataIndex: 'cost', align: 'right' as const, render: money }] : []),
          ]}
          summary={() =>
            drill.data ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={5}>
                  <strong>{t('reports:total')}</strong>
                </Table.Summary.Cell>
                {[0, 1, 2, 3, 4, ...(withCost ? [6] : [])].map((i, n) => (
                  <Table.Summary.Cell key={i} index={n + 5} align="right">
                    <strong>{totals[i]}</strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Space>
    </Drawer>
  );
}
