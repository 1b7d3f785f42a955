// A gift list or a need-buy list as rows of goods with quantities: the 'id:qty;' list in a form.
// System goods come from the goods area's picker; online goods from the online-SKU picker.
import { useState } from 'react';
import { Button, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatMoney, GIFT_QTY_MAX } from '@openseller/core';
import { SkuPicker } from '../../goods/components/sku-picker';
import { itemFromSkuPick, mergeItems, type GoodsItem } from '../editor-values';
import { OnlineSkuPicker } from './online-sku-picker';

interface Props {
  value?: GoodsItem[];
  onChange?: (value: GoodsItem[]) => void;
  /** Online SKUs instead of system SKUs. */
  online?: boolean;
  addLabel: string;
  /** The heading of the quantity column. */
  qtyLabel: string;
  id?: string;
}

export function GoodsListField({ value = [], onChange, online = false, addLabel, qtyLabel, id }: Props) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const change = (next: GoodsItem[]) => onChange?.(next);
  const setQty = (itemId: number, qty: number | null) => change(value.map((i) => (i.id === itemId ? { ...i, qty: qty ?? 0 } : i)));

  return (
    <div id={id}>
      {value.length > 0 && (
        <Table<GoodsItem>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={value}
          style={{ marginBottom: 8 }}
          columns={[
            {
              title: online ? t('promotions:goods.online') : t('promotions:goods.name'),
              render: (_, item) => (
                <Space direction="vertical" size={0}>
                  <span>
                    {item.skuName ?? `#${item.id}`} {item.isCombination && <Tag color="purple">{t('promotions:goods.combination')}</Tag>}
                    {item.missing && <Tag color="red">{t('promotions:goods.missing')}</Tag>}
                  </span>
                  {item.skuSpecifications && <Typography.Text type="secondary">{item.skuSpecifications}</Typography.Text>}
                </Space>
              ),
            },
            online
              ? { title: t('promotions:goods.tbSkuId'), width: 180, render: (_, item) => <Space direction="vertical" size={0}><span>{item.tbSkuId}</span><Typography.Text type="secondary">{item.storeName}</Typography.Text></Space> }
              : { title: t('promotions:goods.code'), dataIndex: 'skuCode', width: 160 },
            { title: t('promotions:goods.price'), dataIndex: 'skuPrice', width: 110, align: 'right', render: (v: string | null) => (v ? formatMoney(v) : '-') },
            {
              title: qtyLabel,
              width: 120,
              render: (_, item) => (
                <InputNumber
                  size="small"
                  min={1}
                  max={GIFT_QTY_MAX}
                  precision={0}
                  value={item.qty}
                  aria-label={`${qtyLabel} ${item.skuCode ?? item.tbSkuId ?? item.id}`}
                  status={Number.isInteger(item.qty) && item.qty >= 1 ? undefined : 'error'}
                  onChange={(v) => setQty(item.id, v)}
                />
              ),
            },
            {
              width: 48,
              render: (_, item) => (
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('promotions:goods.remove', { name: item.skuName ?? item.id })}
                  onClick={() => change(value.filter((i) => i.id !== item.id))}
                />
              ),
            },
          ]}
        />
      )}
      <Button icon={<PlusOutlined />} size="small" onClick={() => setPicking(true)}>
        {addLabel}
      </Button>
      {online ? (
        <OnlineSkuPicker
          open={picking}
          onClose={() => setPicking(false)}
          onConfirm={(options) => change(mergeItems(value, options.map((o) => ({ ...o, qty: 1 }))))}
        />
      ) : (
        <SkuPicker open={picking} onClose={() => setPicking(false)} excludeSkuIds={value.map((i) => i.id)} onConfirm={(skus) => change(mergeItems(value, skus.map(itemFromSkuPick)))} />
      )}
    </div>
  );
}
