// Columns of ledger rows, shared by the inventory log (logs activeKey 2) and the drawer of an
// inventory row: time, place, SKU, movement, the change and the balance after, the document.
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { InventoryLogRow } from '@openseller/core';
import { DateTime } from '../../../../ui/relative-time';

const MOVEMENT_COLORS: Record<string, string> = {
  OPENING: 'purple',
  RECEIPT: 'green',
  TRANSFER_IN: 'cyan',
  RETURN: 'lime',
  SHIP: 'volcano',
  DELIVER: 'orange',
  TRANSFER_OUT: 'gold',
  ALLOCATE: 'blue',
  RELEASE: 'geekblue',
  ADJUST: 'magenta',
};

/** +3 / −2 / 0, coloured by direction. */
export function Delta({ value }: { value: number }) {
  if (value === 0) return <Typography.Text type="secondary">0</Typography.Text>;
  return <Typography.Text type={value > 0 ? 'success' : 'danger'}>{value > 0 ? `+${value}` : `−${-value}`}</Typography.Text>;
}

export function MovementTag({ movement, t }: { movement: string; t: TFunction }) {
  return <Tag color={MOVEMENT_COLORS[movement] ?? 'default'}>{t(`stock:movements.${movement}`, { defaultValue: movement })}</Tag>;
}

export function ledgerColumns(t: TFunction, options: { withSku: boolean; withWarehouse: boolean }): ColumnsType<InventoryLogRow> {
  return [
    { title: t('stock:log.time'), key: 'createdAt', dataIndex: 'createdAt', width: 150, render: (v: string) => <DateTime value={v} /> },
    ...(options.withWarehouse ? [{ title: t('stock:fields.warehouse'), key: 'whName', dataIndex: 'whName', width: 140 }] : []),
    {
      title: t('stock:fields.location'),
      key: 'locationCode',
      dataIndex: 'locationCode',
      width: 100,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('stock:list.noLocation')}</Typography.Text>,
    },
    ...(options.withSku
      ? [
          {
            title: t('stock:fields.sku'),
            key: 'sku',
            width: 220,
            render: (_: unknown, r: InventoryLogRow) => (
              <span>
                <Typography.Text strong>{r.skuCode}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{[r.skuName, r.specifications].filter(Boolean).join(' · ')}</Typography.Text>
              </span>
            ),
          },
        ]
      : []),
    { title: t('stock:log.movement'), key: 'movement', dataIndex: 'movement', width: 110, render: (m: string) => <MovementTag movement={m} t={t} /> },
    { title: t('stock:log.onHandChange'), key: 'onHandDelta', dataIndex: 'onHandDelta', width: 90, align: 'right', render: (v: number) => <Delta value={v} /> },
    { title: t('stock:log.onHandAfter'), key: 'onHandAfter', dataIndex: 'onHandAfter', width: 90, align: 'right' },
    { title: t('stock:log.allocatedChange'), key: 'allocatedDelta', dataIndex: 'allocatedDelta', width: 90, align: 'right', render: (v: number) => <Delta value={v} /> },
    { title: t('stock:log.allocatedAfter'), key: 'allocatedAfter', dataIndex: 'allocatedAfter', width: 90, align: 'right' },
    { title: t('stock:log.availableAfter'), key: 'availableAfter', dataIndex: 'availableAfter', width: 90, align: 'right' },
    {
      title: t('stock:log.document'),
      key: 'doc',
      width: 220,
      render: (_: unknown, r: InventoryLogRow) => (
        <span>
          {t(`stock:docTypes.${r.docType}`, { defaultValue: r.docType })}
          {r.docCode && (
            <>
              <br />
              <Typography.Text copyable={{ text: r.docCode }}>{r.docCode}</Typography.Text>
            </>
          )}
        </span>
      ),
    },
    { title: t('stock:log.remark'), key: 'remark', dataIndex: 'remark', width: 140, render: (v: string | null) => v ?? '' },
    { title: t('stock:log.operator'), key: 'operator', dataIndex: 'operator', width: 130, render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('stock:log.system')}</Typography.Text> },
  ];
}
