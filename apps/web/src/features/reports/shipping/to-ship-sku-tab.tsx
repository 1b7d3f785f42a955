// Tab 7 of /reports, to-ship SKU (shipSku, unshippedSpuReport): what the open orders still need per
// SKU (combinations as their components) against stock on hand and what is on its way (purchase
// orders, inbound notices, transfers), so the warehouse knows what to pick and the buyer what to
// buy. A shortfall is shown in red; each quantity opens the orders or documents behind it.
import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Input, Modal, Row, Segmented, Space, Statistic, Switch, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ToShipSkuRow, ToShipSpuRow } from '@openseller/core';
import { formatDateTime } from '@openseller/core';
import { reportShipErrorMessage, shipReportApi, shipReportKeys } from './api';
import { useShopToday } from '../shop-day';
import { defaultShipFilter, ShipFilters, type ShipFilterValue } from './filters';
import { ExportButton } from './shared';

type Drill = { kind: 'orders' | 'purchase' | 'asn' | 'transfer'; sku: ToShipSkuRow };

function DrillModal({ drill, filter, onClose }: { drill: Drill | null; filter: Record<string, unknown>; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 50 });
  const input = { ...filter, skuId: drill?.sku.skuId ?? 0, ...page };
  const kind = drill?.kind ?? 'orders';
  const query = useQuery({
    queryKey: shipReportKeys.of(`drill-${kind}`, input),
    enabled: !!drill,
    placeholderData: (p) => p,
    queryFn: async () => {
      if (kind === 'orders') {
        const a = await shipReportApi.skuOrders(input);
        return { total: a.total, sum: a.toShipQty, rows: a.voList.map((o) => ({ key: o.orderId, doc: o.code, what: t(`reportship:statuses.${o.statusCode}`, { defaultValue: o.statusCode }), where: o.warehouseName ?? '', when: o.payTime, qty: o.qty })) };
      }
      const call = kind === 'purchase' ? shipReportApi.purchaseInTransit : kind === 'asn' ? shipReportApi.asnInTransit : shipReportApi.transferInTransit;
      const a = await call(input);
      return { total: a.total, sum: a.inTransitQty, rows: a.voList.map((d) => ({ key: d.docId, doc: d.docCode, what: d.source ?? '', where: d.warehouseName ?? '', when: d.expectedAt, qty: d.inTransitQty })) };
    },
  });
  return (
    <Modal open={!!drill} onCancel={onClose} footer={null} width={820} title={drill ? t(`reportship:toShip.drill.${kind}`, { sku: drill.sku.skuCode }) : ''} destroyOnHidden>
      {query.error && <Alert type="error" showIcon message={reportShipErrorMessage(query.error)} />}
      <Typography.Paragraph>{t('reportship:toShip.drill.sum', { qty: query.data?.sum ?? 0 })}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="key"
        loading={query.isFetching}
        dataSource={query.data?.rows ?? []}
        pagination={{ current: page.currentPage, pageSize: page.pageSize, total: query.data?.total ?? 0, onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }) }}
        columns={[
          { title: t('reportship:toShip.drill.doc'), dataIndex: 'doc' },
          { title: t(kind === 'orders' ? 'reportship:toShip.drill.status' : 'reportship:toShip.drill.source'), dataIndex: 'what' },
          { title: t('reportship:groups.WAREHOUSE'), dataIndex: 'where' },
          { title: t(kind === 'orders' ? 'reportship:toShip.drill.paid' : 'reportship:toShip.drill.expected'), dataIndex: 'when', render: (v: string | null) => (v ? formatDateTime(v) : '—') },
          { title: t('reportship:toShip.drill.qty'), dataIndex: 'qty', align: 'right' },
        ]}
      />
    </Modal>
  );
}

export function ToShipSkuTab() {
  const { t } = useTranslation();
  const today = useShopToday();
  const [filter, setFilter] = useState<ShipFilterValue>(() => defaultShipFilter(today));
  const [keyword, setKeyword] = useState('');
  const [onlyShortfall, setOnlyShortfall] = useState(false);
  const [view, setView] = useState<'sku' | 'spu'>('sku');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 50 });
  const [drill, setDrill] = useState<Drill | null>(null);
  const base = {
    ...(filter.storeIds.length ? { storeIds: filter.storeIds } : {}),
    ...(filter.platformCodes.length ? { platformCodes: filter.platformCodes } : {}),
    ...(filter.warehouseIds.length ? { warehouseIds: filter.warehouseIds } : {}),
    ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
    onlyShortfall,
  };
  const input = { ...base, ...page };
  const skus = useQuery({ queryKey: shipReportKeys.of('skus', input), queryFn: () => shipReportApi.skus(input), placeholderData: (p) => p, enabled: view === 'sku' });
  const spus = useQuery({ queryKey: shipReportKeys.of('spus', input), queryFn: () => shipReportApi.spus(input), placeholderData: (p) => p, enabled: view === 'spu' });
  const sums = useQuery({ queryKey: shipReportKeys.of('sums', base), queryFn: () => shipReportApi.sums(base), placeholderData: (p) => p });
  const s = sums.data;
  const error = skus.error ?? spus.error ?? sums.error;
  const drillFilter = { ...(filter.storeIds.length ? { storeIds: filter.storeIds } : {}), ...(filter.platformCodes.length ? { platformCodes: filter.platformCodes } : {}), ...(filter.warehouseIds.length ? { warehouseIds: filter.warehouseIds } : {}) };
  const link = (v: number, kind: Drill['kind'], sku: ToShipSkuRow) =>
    v ? (
      <Button type="link" size="small" onClick={() => setDrill({ kind, sku })} aria-label={t(`reportship:toShip.drill.${kind}`, { sku: sku.skuCode })}>
        {v}
      </Button>
    ) : (
      0
    );
  const shortfall = (v: number) => (v > 0 ? <Typography.Text type="danger" strong>{v}</Typography.Text> : <Typography.Text type="secondary">0</Typography.Text>);
  const reset = () => setPage((p) => ({ ...p, currentPage: 1 }));
  const pagination = (total: number) => ({
    current: page.currentPage,
    pageSize: page.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [50, 100, 500],
    onChange: (currentPage: number, pageSize: number) => setPage({ currentPage, pageSize }),
  });
  return (
    <Card>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('reportship:toShip.hint')}
        </Typography.Paragraph>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Space wrap>
            <ShipFilters
              value={filter}
              couriers={false}
              period={false}
              onChange={(v) => {
                setFilter(v);
                reset();
              }}
            />
            <Input.Search
              aria-label={t('reportship:toShip.keyword')}
              placeholder={t('reportship:toShip.keyword')}
              allowClear
              style={{ width: 220 }}
              onSearch={(v) => {
                setKeyword(v);
                reset();
              }}
            />
            <Space>
              <Switch
                aria-label={t('reportship:toShip.onlyShortfall')}
                checked={onlyShortfall}
                onChange={(v) => {
                  setOnlyShortfall(v);
                  reset();
                }}
              />
              <span>{t('reportship:toShip.onlyShortfall')}</span>
            </Space>
            <Segmented
              value={view}
              onChange={(v) => {
                setView(v as 'sku' | 'spu');
                reset();
              }}
              options={[
                { value: 'sku', label: t('reportship:toShip.bySku') },
                { value: 'spu', label: t('reportship:toShip.bySpu') },
              ]}
            />
          </Space>
          <ExportButton start={() => shipReportApi.exportSkus(base)} disabled={!s?.skuCount} />
        </Space>
        {error && <Alert type="error" showIcon message={reportShipErrorMessage(error)} />}
        <Row gutter={16}>
          <Col xs={12} md={4}>
            <Statistic title={t('reportship:toShip.openOrders')} value={s?.openOrders ?? 0} loading={sums.isLoading} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title={t('reportship:toShip.toShipQty')} value={s?.toShipQty ?? 0} loading={sums.isLoading} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title={t('reportship:toShip.onHand')} value={s?.onHand ?? 0} loading={sums.isLoading} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title={t('reportship:toShip.inTransit')} value={(s?.purchaseInTransit ?? 0) + (s?.asnInTransit ?? 0) + (s?.transferInTransit ?? 0)} loading={sums.isLoading} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title={t('reportship:toShip.shortSkus')} value={s?.shortSkuCount ?? 0} valueStyle={s?.shortSkuCount ? { color: '#cf1322' } : undefined} loading={sums.isLoading} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title={t('reportship:toShip.shortfall')} value={s?.shortfall ?? 0} valueStyle={s?.shortfall ? { color: '#cf1322' } : undefined} loading={sums.isLoading} />
          </Col>
        </Row>
        {s && s.unmatchedLines > 0 && <Alert type="warning" showIcon message={t('reportship:toShip.unmatched', { n: s.unmatchedLines })} />}
        {s && !s.skuCount ? (
          <Empty description={t(onlyShortfall ? 'reportship:toShip.emptyShort' : 'reportship:toShip.empty')} />
        ) : view === 'sku' ? (
          <Table<ToShipSkuRow>
            size="small"
            rowKey="skuId"
            loading={skus.isFetching}
            dataSource={skus.data?.voList ?? []}
            pagination={pagination(skus.data?.total ?? 0)}
            onRow={(r) => ({ style: r.shortfall > 0 ? { background: '#fff1f0' } : {} })}
            columns={[
              { title: t('reportship:toShip.skuCode'), dataIndex: 'skuCode' },
              { title: t('reportship:toShip.skuName'), dataIndex: 'skuName', render: (v: string | null, r) => [v, r.specifications].filter(Boolean).join(' · ') },
              { title: t('reportship:toShip.openOrders'), dataIndex: 'openOrders', align: 'right' },
              { title: t('reportship:toShip.toShipQty'), dataIndex: 'toShipQty', align: 'right', render: (v: number, r) => link(v, 'orders', r) },
              { title: t('reportship:toShip.onHand'), dataIndex: 'onHand', align: 'right' },
              { title: t('reportship:toShip.available'), dataIndex: 'available', align: 'right' },
              { title: t('reportship:toShip.purchase'), dataIndex: 'purchaseInTransit', align: 'right', render: (v: number, r) => link(v, 'purchase', r) },
              { title: t('reportship:toShip.asn'), dataIndex: 'asnInTransit', align: 'right', render: (v: number, r) => link(v, 'asn', r) },
              { title: t('reportship:toShip.transfer'), dataIndex: 'transferInTransit', align: 'right', render: (v: number, r) => link(v, 'transfer', r) },
              { title: t('reportship:toShip.shortfall'), dataIndex: 'shortfall', align: 'right', render: shortfall },
              ...((skus.data?.voList ?? []).some((r) => 'costPrice' in r)
                ? [
                    { title: t('reportship:toShip.costPrice'), dataIndex: 'costPrice', align: 'right' as const, render: (v: string | null) => v ?? '—' },
                    { title: t('reportship:toShip.shortfallAmount'), dataIndex: 'shortfallAmount', align: 'right' as const, render: (v: string | null) => v ?? '—' },
                  ]
                : []),
            ]}
          />
        ) : (
          <Table<ToShipSpuRow>
            size="small"
            rowKey="spuId"
            loading={spus.isFetching}
            dataSource={spus.data?.voList ?? []}
            pagination={pagination(spus.data?.total ?? 0)}
            columns={[
              { title: t('reportship:toShip.spuCode'), dataIndex: 'spuCode' },
              { title: t('reportship:toShip.spuName'), dataIndex: 'spuName' },
              { title: t('reportship:toShip.skuCount'), dataIndex: 'skuCount', align: 'right' },
              { title: t('reportship:toShip.toShipQty'), dataIndex: 'toShipQty', align: 'right' },
              { title: t('reportship:toShip.onHand'), dataIndex: 'onHand', align: 'right' },
              { title: t('reportship:toShip.purchase'), dataIndex: 'purchaseInTransit', align: 'right' },
              { title: t('reportship:toShip.asn'), dataIndex: 'asnInTransit', align: 'right' },
              { title: t('reportship:toShip.transfer'), dataIndex: 'transferInTransit', align: 'right' },
              { title: t('reportship:toShip.shortfall'), dataIndex: 'shortfall', align: 'right', render: shortfall },
            ]}
          />
        )}
      </Space>
      <DrillModal drill={drill} filter={drillFilter} onClose={() => setDrill(null)} />
    </Card>
  );
}
