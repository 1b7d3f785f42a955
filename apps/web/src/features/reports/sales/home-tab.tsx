// Tab 1, home: today, yesterday and the period (shop days), the sales trend and the best sellers.
import { Alert, Card, Col, Empty, Row, Space, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, type SalesFigures } from '@openseller/core';
import { reportErrorMessage, reportKeys, reportsApi } from '../api';
import { chartNumber, EChart } from './chart';
import { SalesFilterBar, useSalesFilter } from './sales-filter';

function FigureCard({ title, figures, loading }: { title: string; figures: SalesFigures | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title}>
      <Row gutter={12}>
        <Col span={8}>
          <Statistic title={t('reports:figures.netAmount')} value={figures ? formatMoney(figures.netAmount) : '—'} loading={loading} />
        </Col>
        <Col span={8}>
          <Statistic title={t('reports:figures.orderCount')} value={figures?.orderCount ?? 0} loading={loading} />
        </Col>
        <Col span={8}>
          <Statistic title={t('reports:figures.qty')} value={figures?.qty ?? 0} loading={loading} />
        </Col>
        <Col span={8}>
          <Statistic title={t('reports:figures.refund')} value={figures ? formatMoney(figures.refund) : '—'} loading={loading} valueStyle={{ fontSize: 16 }} />
        </Col>
        {figures?.grossProfit !== undefined && (
          <Col span={8}>
            <Statistic title={t('reports:figures.grossProfit')} value={formatMoney(figures.grossProfit)} loading={loading} valueStyle={{ fontSize: 16 }} />
          </Col>
        )}
        {figures?.margin !== undefined && (
          <Col span={8}>
            <Statistic title={t('reports:figures.margin')} value={figures.margin == null ? '—' : `${figures.margin}%`} loading={loading} valueStyle={{ fontSize: 16 }} />
          </Col>
        )}
      </Row>
    </Card>
  );
}

export function HomeTab() {
  const { t } = useTranslation();
  const filter = useSalesFilter(30);
  const { input } = filter;
  const overviewInput = { startDate: input.startDate, endDate: input.endDate, ...(input.storeIds ? { storeIds: input.storeIds } : {}), ...(input.platformCodes ? { platformCodes: input.platformCodes } : {}) };
  const overview = useQuery({ queryKey: reportKeys.of('overview', overviewInput), queryFn: () => reportsApi.overview(overviewInput), placeholderData: (p) => p });
  const trend = useQuery({ queryKey: reportKeys.of('trend', input), queryFn: () => reportsApi.trend(input), placeholderData: (p) => p });
  const rankInput = { ...input, limit: 10 };
  const rank = useQuery({ queryKey: reportKeys.of('rank', rankInput), queryFn: () => reportsApi.rank(rankInput), placeholderData: (p) => p });
  const error = overview.error ?? trend.error ?? rank.error;
  const points = trend.data?.voList ?? [];
  const top = [...(rank.data?.voList ?? [])].reverse();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <SalesFilterBar filter={filter} exportKind="trend" withSkus={false} />
      {error && <Alert type="error" showIcon message={reportErrorMessage(error)} />}
      <Typography.Text type="secondary">{t('reports:home.dayNote', { zone: overview.data?.timeZone ?? '' })}</Typography.Text>
      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <FigureCard title={t('reports:home.today', { day: overview.data?.today.day ?? '' })} figures={overview.data?.today} loading={overview.isLoading} />
        </Col>
        <Col xs={24} lg={8}>
          <FigureCard title={t('reports:home.yesterday', { day: overview.data?.yesterday.day ?? '' })} figures={overview.data?.yesterday} loading={overview.isLoading} />
        </Col>
        <Col xs={24} lg={8}>
          <FigureCard title={t('reports:home.period', { from: input.startDate, to: input.endDate })} figures={overview.data?.period} loading={overview.isLoading} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('reports:home.trend')}>
            {trend.data && !trend.data.totals.orderCount && !trend.data.totals.refundQty && trend.data.totals.refund === '0.00' ? (
              <Empty description={t('reports:emptyPeriod')} />
            ) : (
              <EChart
                label={t('reports:home.trend')}
                option={{
                  tooltip: { trigger: 'axis' },
                  legend: { top: 0 },
                  grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
                  xAxis: { type: 'category', data: points.map((p) => p.period) },
                  yAxis: [{ type: 'value', name: t('reports:figures.netAmount') }, { type: 'value', name: t('reports:figures.orderCount') }],
                  series: [
                    { type: 'line', name: t('reports:figures.netAmount'), data: points.map((p) => chartNumber(p.netAmount)), smooth: true },
                    { type: 'bar', name: t('reports:figures.orderCount'), yAxisIndex: 1, data: points.map((p) => p.orderCount), barMaxWidth: 18 },
                  ],
                }}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('reports:home.rank')}>
            {rank.data && !top.length ? (
              <Empty description={t('reports:emptyPeriod')} />
            ) : (
              <EChart
                label={t('reports:home.rank')}
                option={{
                  tooltip: { trigger: 'axis' },
                  grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
                  xAxis: { type: 'value', name: t('reports:figures.qty') },
                  yAxis: { type: 'category', data: top.map((r) => r.skuCode || t('reports:unmapped')) },
                  series: [{ type: 'bar', name: t('reports:figures.qty'), data: top.map((r) => r.qty), barMaxWidth: 18, itemStyle: { color: '#13a8a8' } }],
                }}
              />
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
