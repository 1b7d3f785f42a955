// The filters the sales tabs share: the period (days, or whole months), day or month, the stores,
// the platforms and the goods (SKUs chosen in the shared picker);
// and the figure columns every sales table shows (cost, gross profit and margin only when the
// server sent them: an account without the cost field gets none).
import { useState } from 'react';
import { Button, DatePicker, Segmented, Select, Space, Tooltip } from 'antd';
import { CloseCircleFilled, DownloadOutlined, FilterOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatMoney, type ReportType, type SalesFigures, type SalesReportExportKind } from '@openseller/core';
import { toast } from '../../../app/toast';
import { StoreSelect } from '../../stores/components/store-select';
import { platformLabel, usePlatforms } from '../../stores/queries';
import { SkuPicker, type SkuPick } from '../../goods/components/sku-picker';
import { announceNewExport } from '../../exports/export-events';
import { reportErrorMessage, reportsApi } from '../api';
import { useShopToday } from '../shop-day';

export interface SalesFilterState {
  range: [Dayjs, Dayjs];
  reportType: ReportType;
  storeIds: number[];
  platformCodes: string[];
  skus: SkuPick[];
}

export function useSalesFilter(days = 30) {
  const today = useShopToday();
  const [state, setState] = useState<SalesFilterState>(() => ({ range: [today.subtract(days - 1, 'day'), today], reportType: 'day', storeIds: [], platformCodes: [], skus: [] }));
  const [from, to] = state.range;
  const snapped: [Dayjs, Dayjs] = state.reportType === 'month' ? [from.startOf('month'), to.endOf('month')] : [from, to];
  const input = {
    startDate: snapped[0].format('YYYY-MM-DD'),
    endDate: snapped[1].format('YYYY-MM-DD'),
    reportType: state.reportType,
    ...(state.storeIds.length ? { storeIds: state.storeIds } : {}),
    ...(state.platformCodes.length ? { platformCodes: state.platformCodes } : {}),
    ...(state.skus.length ? { skuIds: state.skus.map((s) => s.id) } : {}),
  };
  return { state, setState, input };
}

export function SalesFilterBar({
  filter,
  exportKind,
  extraExport,
  withSkus = true,
}: {
  filter: ReturnType<typeof useSalesFilter>;
  /** The goods filter (off where the figures cannot be narrowed to SKUs: the home tab's cards). */
  withSkus?: boolean;
  exportKind?: SalesReportExportKind;
  extraExport?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const { state, setState, input } = filter;
  const today = useShopToday();
  const platforms = usePlatforms(true);
  const [picking, setPicking] = useState(false);
  async function requestExport() {
    if (!exportKind) return;
    try {
      await reportsApi.exportReport({ report: exportKind, filter: { ...input, ...extraExport } });
      announceNewExport();
      toast.success(t('reports:export.started'));
    } catch (error) {
      toast.error(reportErrorMessage(error));
    }
  }
  return (
    <Space wrap>
      <Segmented
        aria-label={t('reports:filter.granularity')}
        value={state.reportType}
        onChange={(v) => setState({ ...state, reportType: v as ReportType })}
        options={[
          { value: 'day', label: t('reports:filter.day') },
          { value: 'month', label: t('reports:filter.month') },
        ]}
      />
      <DatePicker.RangePicker
        aria-label={t('reports:filter.period')}
        picker={state.reportType === 'month' ? 'month' : 'date'}
        allowClear={false}
        value={state.range}
        disabledDate={(d) => d.isAfter(today.endOf('day'))}
        onChange={(v) => v?.[0] && v[1] && setState({ ...state, range: [v[0], v[1]] })}
      />
      <StoreSelect
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={t('reports:filter.stores')}
        aria-label={t('reports:filter.stores')}
        value={state.storeIds}
        onChange={(v) => setState({ ...state, storeIds: (v as number[] | undefined) ?? [] })}
        style={{ minWidth: 240 }}
        includeDisabled
      />
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={t('reports:filter.platforms')}
        aria-label={t('reports:filter.platforms')}
        value={state.platformCodes}
        loading={platforms.isLoading}
        options={(platforms.data ?? []).map((p) => ({ value: p.key, label: platformLabel(p.key, platforms.data) }))}
        onChange={(v: string[]) => setState({ ...state, platformCodes: v })}
        style={{ minWidth: 180 }}
      />
      {withSkus && (
      <Space.Compact>
        <Tooltip title={state.skus.length ? state.skus.map((s) => s.code).join(', ') : t('reports:filter.pickSkus')}>
          <Button icon={<FilterOutlined />} onClick={() => setPicking(true)} type={state.skus.length ? 'primary' : 'default'} ghost={state.skus.length > 0}>
            {state.skus.length ? t('reports:filter.skusChosen', { count: state.skus.length }) : t('reports:filter.skus')}
          </Button>
        </Tooltip>
        {state.skus.length > 0 && (
          <Button aria-label={t('reports:filter.clearSkus')} icon={<CloseCircleFilled />} onClick={() => setState({ ...state, skus: [] })} />
        )}
      </Space.Compact>
      )}
      {withSkus && (
        <SkuPicker
          open={picking}
          title={t('reports:filter.pickSkus')}
          initialSelected={state.skus}
          onClose={() => setPicking(false)}
          onConfirm={(skus) => setState({ ...state, skus })}
        />
      )}
      {exportKind && (
        <Button icon={<DownloadOutlined />} onClick={() => void requestExport()}>
          {t('reports:export.button')}
        </Button>
      )}
    </Space>
  );
}

const money = (v: string | undefined) => (v === undefined ? '' : formatMoney(v));

/** The figure columns; cost columns only when the rows carry cost. */
export function figureColumns<T extends SalesFigures>(t: (key: string) => string, withCost: boolean): ColumnsType<T> {
  const columns: ColumnsType<T> = [
    { key: 'orderCount', title: t('reports:figures.orderCount'), dataIndex: 'orderCount', align: 'right' },
    { key: 'qty', title: t('reports:figures.qty'), dataIndex: 'qty', align: 'right' },
    { key: 'amount', title: t('reports:figures.amount'), dataIndex: 'amount', align: 'right', render: money },
    { key: 'refundQty', title: t('reports:figures.refundQty'), dataIndex: 'refundQty', align: 'right' },
    { key: 'refund', title: t('reports:figures.refund'), dataIndex: 'refund', align: 'right', render: money },
    { key: 'netAmount', title: t('reports:figures.netAmount'), dataIndex: 'netAmount', align: 'right', render: money },
  ];
  if (withCost)
    columns.push(
      { key: 'cost', title: t('reports:figures.cost'), dataIndex: 'cost', align: 'right', render: money },
      { key: 'grossProfit', title: t('reports:figures.grossProfit'), dataIndex: 'grossProfit', align: 'right', render: money },
      { key: 'margin', title: t('reports:figures.margin'), dataIndex: 'margin', align: 'right', render: (v: string | null | undefined) => (v == null ? '—' : `${v}%`) },
    );
  return columns;
}

/** The figures of a totals row as table cells after `lead` leading cells. */
export function totalsCells(figures: SalesFigures | undefined, withCost: boolean): (string | number)[] {
  if (!figures) return [];
  const cells: (string | number)[] = [figures.orderCount, figures.qty, money(figures.amount), figures.refundQty, money(figures.refund), money(figures.netAmount)];
  if (withCost) cells.push(money(figures.cost), money(figures.grossProfit), figures.margin == null ? '—' : `${figures.margin}%`);
  return cells;
}
