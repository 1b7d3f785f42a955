// Tab 4, sales analysis: net sales by platform (pie), by store (bars), by hour of day (bars) and
// by province (ranked bars), and the table of the chosen view with its totals; a row drills down.
import { useState } from 'react';
import { Alert, Card, Col, Empty, Row, Segmented, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnalysisDimension, AnalysisRow } from '@openseller/core';
import { platformLabel } from '../../stores/queries';
import { reportErrorMessage, reportKeys, reportsApi, type DrillCell } from '../api';
import { chartNumber, EChart } from './chart';
import { DrillDrawer, type DrillTarget } from './drill-drawer';
import { figureColumns, SalesFilterBar, totalsCells, useSalesFilter } from './sales-filter';

const DIMENSIONS: AnalysisDimension[] = ['platform', 'store', 'hotTime', 'hotArea'];

export function AnalysisTab() {
  const { t } = useTranslation();
  const filter = useSalesFilter(30);
  const { input } = filter;
  const [view, setView] = useState<AnalysisDimension>('platform');
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const platform = useQuery({ queryKey: reportKeys.of('platform', input), queryFn: () => reportsApi.platform(input), placeholderData: (p) => p });
  const store = useQuery({ queryKey: reportKeys.of('store', input), queryFn: () => reportsApi.store(input), placeholderData: (p) => p });
  const hotTime = useQuery({ queryKey: reportKeys.of('hotTime', input), queryFn: () => reportsApi.hotTime(input), placeholderData: (p) => p });
  const hotArea = useQuery({ queryKey: reportKeys.of('hotArea', input), queryFn: () => reportsApi.hotArea(input), placeholderData: (p) => p });
  const byView = { platform, store, hotTime, hotArea };
  const current = byView[view];
  const error = platform.error ?? store.error ?? hotTime.error ?? hotArea.error;
  const label = (d: AnalysisDimension, r: AnalysisRow) => (d === 'platform' ? platformLabel(r.key) : d === 'hotArea' && !r.key ? t('reports:unknownProvince') : r.name);
  const empty = platform.data && !platform.data.voList.length;
  const withCost = current.data?.totals.cost !== undefined;
  const totals = totalsCells(current.data?.totals, withCost);
  const cellOf = (r: AnalysisRow): DrillCell =>
    view === 'platform' ? { platformCode: r.key } : view === 'store' ? { storeId: Number(r.key) } : view === 'hotTime' ? { hour: Number(r.key) } : { province: r.key };
  const areas = [...(hotArea.data?.voList ?? [])].slice(0, 15).reverse();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <SalesFilterBar filter={filter} exportKind={view} />
      {error && <Alert type="error" showIcon message={reportErrorMessage(error)} />}
      {empty ? (
        <Empty description={t('reports:emptyPeriod')} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card size="small" title={t('reports:analysis.platform')}>
              <EChart
                label={t('reports:analysis.platform')}
                option={{
                  tooltip: { trigger: 'item' },
                  legend: { bottom: 0 },
                  series: [{ type: 'pie', radius: ['35%', '65%'], data: (platform.data?.voList ?? []).map((r) => ({ name: label('platform', r), value: chartNumber(r.netAmount) })) }],
                }}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={t('reports:analysis.store')}>
              <EChart
                label={t('reports:analysis.store')}
                option={{
                  tooltip: { trigger: 'axis' },
                  grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
                  xAxis: { type: 'category', data: (store.data?.voList ?? []).map((r) => r.name), axisLabel: { interval: 0, rotate: (store.data?.voList.length ?? 0) > 5 ? 30 : 0 } },
                  yAxis: { type: 'value', name: t('reports:figures.netAmount') },
                  series: [{ type: 'bar', name: t('reports:figures.netAmount'), data: (store.data?.voList ?? []).map((r) => chartNumber(r.netAmount)), barMaxWidth: 36 }],
                }}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={t('reports:analysis.hotTime')}>
              <EChart
                label={t('reports:analysis.hotTime')}
                option={{
                  tooltip: { trigger: 'axis' },
                  grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
                  xAxis: { type: 'category', data: (hotTime.data?.voList ?? []).map((r) => r.name) },
                  yAxis: { type: 'value', name: t('reports:figures.orderCount') },
                  series: [{ type: 'bar', name: t('reports:figures.orderCount'), data: (hotTime.data?.voList ?? []).map((r) => r.orderCount), itemStyle: { color: '#722ed1' } }],
                }}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={t('reports:analysis.hotArea')}>
              <EChart
                label={t('reports:analysis.hotArea')}
                option={{
                  tooltip: { trigger: 'axis' },
                  grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
                  xAxis: { type: 'value', name: t('reports:figures.netAmount') },
                  yAxis: { type: 'category', data: areas.map((r) => label('hotArea', r)) },
                  series: [{ type: 'bar', name: t('reports:figures.netAmount'), data: areas.map((r) => chartNumber(r.netAmount)), barMaxWidth: 18, itemStyle: { color: '#fa8c16' } }],
                }}
              />
            </Card>
          </Col>
        </Row>
      )}
      <Segmented value={view} onChange={(v) => setView(v as AnalysisDimension)} options={DIMENSIONS.map((d) => ({ value: d, label: t(`reports:analysis.${d}`) }))} />
      <Table<AnalysisRow>
        size="small"
        rowKey="key"
        loading={current.isFetching}
        dataSource={(current.data?.voList ?? []).filter((r) => view !== 'hotTime' || r.orderCount || r.refund !== '0.00')}
        locale={{ emptyText: t('reports:emptyPeriod') }}
        pagination={false}
        onRow={(r) => ({ onClick: () => setDrill({ title: label(view, r), base: input, cell: cellOf(r) }), style: { cursor: 'pointer' } })}
        columns={[
          { key: 'name', title: t(`reports:analysis.${view}`), render: (_: unknown, r) => label(view, r) },
          { key: 'share', title: t('reports:columns.share'), dataIndex: 'share', align: 'right', render: (v: string | null) => (v == null ? '—' : `${v}%`) },
          ...figureColumns<AnalysisRow>(t, withCost),
        ]}
        summary={() =>
          current.data ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <strong>{t('reports:total')}</strong>
              </Table.Summary.Cell>
              {totals.map((v, i) => (
                <Table.Summary.Cell key={i} index={i + 2} align="right">
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
