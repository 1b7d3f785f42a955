// The reasons report (a tab of /afterSale): return rate by SKU and by reason in a window —
// returned units of after-sales that take goods back, over the units shipped in the same window —
// as an ECharts bar chart and a table each.
import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Col, DatePicker, Empty, Row, Segmented, Space, Statistic, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { afterSalesApi } from '../api';
import { afterSalesErrorMessage, afterSalesKeys } from '../queries';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

function Bars({ labels, values, name, label }: { labels: string[]; values: number[]; name: string; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  // Redraw when what is shown changes, not on every render.
  const shown = JSON.stringify([labels, values, label]);
  useEffect(() => {
    if (!box.current) return;
    const chart = echarts.init(box.current);
    chart.setOption({
      animation: false,
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${String(v)}${name === 'rate' ? '%' : ''}` },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, rotate: labels.length > 6 ? 30 : 0 } },
      yAxis: { type: 'value', name: label },
      series: [{ type: 'bar', name: label, data: values, barMaxWidth: 36, itemStyle: { color: '#1677ff' } }],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, name]);
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height: 280 }} />;
}

export function ReturnRateReportView() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')]);
  const [by, setBy] = useState<'sku' | 'reason'>('sku');
  const input = { startTime: range[0].startOf('day').format('YYYY-MM-DD HH:mm:ss'), endTime: range[1].add(1, 'day').startOf('day').format('YYYY-MM-DD HH:mm:ss'), limit: 50 };
  const report = useQuery({ queryKey: [...afterSalesKeys.all, 'returnRate', input], queryFn: () => afterSalesApi.returnRateReport(input), placeholderData: (p) => p });
  const data = report.data;
  const rate = (v: string | null) => (v == null ? '—' : `${v}%`);
  const skuRows = data?.bySku ?? [];
  const reasonRows = (data?.byReason ?? []).map((r) => ({ ...r, label: r.reason || t('aftersales:report.noReason') }));

  return (
    <Card>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('aftersales:report.hint')}
        </Typography.Paragraph>
        <Space wrap>
          <DatePicker.RangePicker
            aria-label={t('aftersales:report.window')}
            allowClear={false}
            value={range}
            disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          />
          <Segmented
            value={by}
            onChange={(v) => setBy(v as 'sku' | 'reason')}
            options={[
              { value: 'sku', label: t('aftersales:report.bySku') },
              { value: 'reason', label: t('aftersales:report.byReason') },
            ]}
          />
        </Space>
        {report.error && <Alert type="error" showIcon message={afterSalesErrorMessage(report.error)} />}
        <Row gutter={16}>
          <Col span={8}>
            <Statistic title={t('aftersales:report.shipped')} value={data?.shippedQty ?? 0} loading={report.isLoading} />
          </Col>
          <Col span={8}>
            <Statistic title={t('aftersales:report.returned')} value={data?.returnedQty ?? 0} loading={report.isLoading} />
          </Col>
          <Col span={8}>
            <Statistic title={t('aftersales:report.rate')} value={rate(data?.rate ?? null)} loading={report.isLoading} />
          </Col>
        </Row>
        {data && !data.returnedQty ? (
          <Empty description={t('aftersales:report.empty')} />
        ) : by === 'sku' ? (
          <>
            <Bars name="rate" label={t('aftersales:report.rate')} labels={skuRows.map((r) => r.skuCode)} values={skuRows.map((r) => Number(r.rate ?? 0))} />
            <Table
              size="small"
              rowKey="skuId"
              loading={report.isFetching}
              pagination={false}
              dataSource={skuRows}
              columns={[
                { title: t('aftersales:columns.skuCode'), dataIndex: 'skuCode' },
                { title: t('aftersales:columns.skuName'), dataIndex: 'skuName' },
                { title: t('aftersales:report.shipped'), dataIndex: 'shippedQty', align: 'right' },
                { title: t('aftersales:report.returned'), dataIndex: 'returnedQty', align: 'right' },
                { title: t('aftersales:report.rate'), dataIndex: 'rate', align: 'right', render: rate },
              ]}
            />
          </>
        ) : (
          <>
            <Bars name="qty" label={t('aftersales:report.returned')} labels={reasonRows.map((r) => r.label)} values={reasonRows.map((r) => r.returnedQty)} />
            <Table
              size="small"
              rowKey="label"
              loading={report.isFetching}
              pagination={false}
              dataSource={reasonRows}
              columns={[
                { title: t('aftersales:columns.reason'), dataIndex: 'label' },
                { title: t('aftersales:report.documents'), dataIndex: 'documents', align: 'right' },
                { title: t('aftersales:report.returned'), dataIndex: 'returnedQty', align: 'right' },
                { title: t('aftersales:report.share'), dataIndex: 'share', align: 'right', render: rate },
                { title: t('aftersales:report.rate'), dataIndex: 'rate', align: 'right', render: rate },
              ]}
            />
          </>
        )}
      </Space>
    </Card>
  );
}
