// The differences of a check: totals of gains and losses, then only the counted lines whose count
// differs from the book quantity, with on-hand now and what it becomes when the check is confirmed.
import { useState } from 'react';
import { Alert, Card, Col, Row, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { StockCheckDetail, StockCheckLineRow } from '@openseller/core';
import { tablePagination } from '../../../../ui/pagination';
import { useStockCheckDifferences } from '../queries';
import { SignedQty } from './check-status-tag';

export function DifferencesView({ check }: { check: StockCheckDetail }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 50 });
  const { data, isFetching } = useStockCheckDifferences(check.id, page.currentPage, page.pageSize);
  const totals = data?.totals;
  const confirmed = check.status === 'CONFIRMED';

  const columns: ColumnsType<StockCheckLineRow> = [
    { title: t('stockcheck:fields.location'), dataIndex: 'locationCode', width: 110, render: (v: string | null) => v ?? t('stockcheck:lines.noLocation') },
    { title: t('stockcheck:fields.skuCode'), dataIndex: 'skuCode', width: 160 },
    {
      title: t('stockcheck:fields.skuName'),
      render: (_, r) => (
        <>
          {r.skuName ?? '-'}
          {r.specifications && <Typography.Text type="secondary"> · {r.specifications}</Typography.Text>}
        </>
      ),
    },
    { title: t('stockcheck:fields.bookAtCount'), dataIndex: 'bookQty', width: 110, align: 'right' },
    { title: t('stockcheck:fields.countedQty'), dataIndex: 'countedQty', width: 100, align: 'right' },
    { title: t('stockcheck:fields.difference'), dataIndex: 'difference', width: 100, align: 'right', render: (v: number | null) => <SignedQty value={v} /> },
    {
      title: confirmed ? t('stockcheck:fields.onHandAtConfirm') : t('stockcheck:fields.onHandNow'),
      dataIndex: 'onHand',
      width: 130,
      align: 'right',
      render: (v: number, r) =>
        r.movedSinceCount ? (
          <Tooltip title={t('stockcheck:differences.movedHint')}>
            <Tag color="orange">{v}</Tag>
          </Tooltip>
        ) : (
          v
        ),
    },
    {
      title: confirmed ? t('stockcheck:fields.onHandAfter') : t('stockcheck:fields.onHandWillBe'),
      width: 130,
      align: 'right',
      render: (_, r) => r.onHand + (confirmed ? (r.adjustQty ?? 0) : (r.difference ?? 0)),
    },
  ];

  return (
    <>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('stockcheck:differences.counted')} value={totals?.countedLines ?? 0} suffix={`/ ${totals?.lineCount ?? 0}`} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('stockcheck:differences.gains', { count: totals?.gainLines ?? 0 })} value={totals?.gainQty ?? 0} prefix={totals?.gainQty ? '+' : undefined} valueStyle={{ color: '#389e0d' }} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('stockcheck:differences.losses', { count: totals?.lossLines ?? 0 })} value={totals?.lossQty ?? 0} prefix={totals?.lossQty ? '−' : undefined} valueStyle={{ color: '#cf1322' }} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('stockcheck:differences.net')} value={(totals?.gainQty ?? 0) - (totals?.lossQty ?? 0)} />
          </Card>
        </Col>
      </Row>
      {!!totals?.uncountedLines && check.status === 'COUNTING' && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('stockcheck:differences.uncounted', { count: totals.uncountedLines })} />
      )}
      {!!totals?.movedLines && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t(confirmed ? 'stockcheck:differences.movedConfirmed' : 'stockcheck:differences.moved', { count: totals.movedLines })} />
      )}
      <Table<StockCheckLineRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.voList ?? []}
        columns={columns}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('stockcheck:differences.none') }}
        pagination={tablePagination(page.currentPage, page.pageSize, data?.total ?? 0, (currentPage, pageSize) => setPage({ currentPage: pageSize !== page.pageSize ? 1 : currentPage, pageSize }))}
      />
    </>
  );
}
