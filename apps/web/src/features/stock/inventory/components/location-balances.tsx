// An inventory row opened up: the SKU's stock records at each location of the warehouse, with their
// production-date lots, or for a combination the components its available comes from.
import { Button, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { CalendarOutlined, HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BizInventoryRow, InventoryBalanceRow, InventoryComponentStock } from '@openseller/core';
import { useBalances } from '../queries';
import type { LedgerTarget } from './ledger-drawer';
import type { ProductDatesTarget } from './product-dates-modal';

export function LocationBalances({ row, onLedger, onDates }: { row: BizInventoryRow; onLedger: (target: LedgerTarget) => void; onDates: (target: ProductDatesTarget) => void }) {
  const { t } = useTranslation();
  const balances = useBalances({ whId: row.whId, skuId: row.skuId, currentPage: 1, pageSize: 500 }, !row.isCombination);
  if (row.isCombination) {
    return (
      <Table<InventoryComponentStock>
        rowKey="skuId"
        size="small"
        pagination={false}
        dataSource={row.components}
        title={() => t('stock:list.componentsTitle', { code: row.skuCode })}
        columns={[
          { title: t('stock:fields.skuCode'), dataIndex: 'skuCode' },
          { title: t('stock:list.componentQty'), dataIndex: 'qty', width: 140, align: 'right' },
          { title: t('stock:fields.available'), dataIndex: 'available', width: 140, align: 'right' },
          { title: t('stock:list.enoughFor'), key: 'sets', width: 160, align: 'right', render: (_, c) => Math.floor(c.available / c.qty) },
        ]}
      />
    );
  }
  return (
    <Table<InventoryBalanceRow>
      rowKey="id"
      size="small"
      pagination={false}
      loading={balances.isFetching}
      dataSource={balances.data?.voList ?? []}
      columns={[
        {
          title: t('stock:fields.location'),
          dataIndex: 'locationCode',
          width: 200,
          render: (v: string | null, b) => (
            <Space size={4}>
              {v ?? <Typography.Text type="secondary">{t('stock:list.noLocation')}</Typography.Text>}
              {!b.sellable && <Tag color="warning">{t('stock:list.notSellable')}</Tag>}
            </Space>
          ),
        },
        { title: t('stock:fields.onHand'), dataIndex: 'onHand', width: 100, align: 'right' },
        { title: t('stock:fields.allocated'), dataIndex: 'allocated', width: 100, align: 'right' },
        { title: t('stock:fields.available'), dataIndex: 'available', width: 100, align: 'right' },
        {
          title: t('stock:fields.productDates'),
          key: 'dates',
          render: (_, b) => (
            <Space size={[4, 4]} wrap>
              {b.productDate.length === 0 && <Typography.Text type="secondary">{t('stock:dates.none')}</Typography.Text>}
              {b.productDate.map((lot) => (
                <Tag key={lot.id}>
                  {lot.productDate} × {lot.qty}
                </Tag>
              ))}
              {b.productDateQty > b.onHand && (
                <Tooltip title={t('stock:dates.aboveOnHand', { total: b.productDateQty, onHand: b.onHand })}>
                  <Tag color="warning">{t('stock:dates.aboveShort')}</Tag>
                </Tooltip>
              )}
            </Space>
          ),
        },
        {
          title: t('common:actions.title'),
          key: 'actions',
          width: 220,
          render: (_, b) => (
            <Space size={0}>
              <Button
                type="link"
                size="small"
                icon={<CalendarOutlined />}
                onClick={() => onDates({ balanceId: b.id, skuCode: b.skuCode, skuName: b.skuName, whName: b.whName, locationCode: b.locationCode })}
              >
                {t('stock:list.productDates')}
              </Button>
              <Button
                type="link"
                size="small"
                icon={<HistoryOutlined />}
                onClick={() => onLedger({ whId: b.whId, whName: b.whName, skuId: b.skuId, skuCode: b.skuCode, skuName: b.skuName, locationId: b.locationId, locationCode: b.locationCode })}
              >
                {t('stock:list.ledger')}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
