// The filter bar of the order list: keywords (order codes and platform numbers, SKUs, receivers),
// buyer, stores, warehouse, courier, labels, flags, label printed or not, and the create and pay time ranges (snapped to
// the start and end of the day, spec 01 §9). The compact list folds it to one line of the most used
// filters (order no., SKU, receiver, stores) with the others behind "More filters".
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { memo, useEffect, useState } from 'react';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ORDER_LABELS, ORDER_SORTS, formatRangeTime, snapRange } from '@openseller/core';
import { ExpressCompanySelect } from '../../../express/components/express-company-select';
import { StoreSelect } from '../../../stores/components/store-select';
import { WarehouseSelect } from '../../../warehouses/components/warehouse-select';
import { ORDER_FILTER_DEFAULTS, ORDER_FLAGS, type OrderFilterState } from '../use-order-list-state';

interface FormValues {
  codeKeywords?: string;
  skuKeywords?: string;
  receiverKeywords?: string;
  buyerNick?: string;
  storeIds?: number[];
  warehouseId?: number;
  expressCompanyCode?: string;
  labels?: string[];
  flags?: string[];
  expressPrinted?: 'true' | 'false';
  createRange?: [Dayjs, Dayjs] | null;
  payRange?: [Dayjs, Dayjs] | null;
  sort?: string;
}

const list = (text: string) => text.split(',').filter(Boolean);
const range = (from: string, to: string): [Dayjs, Dayjs] | null => (from && to ? [dayjs(from), dayjs(to)] : null);
const snapped = (r: [Dayjs, Dayjs] | null | undefined): [string, string] => {
  if (!r) return ['', ''];
  const [a, b] = snapRange([r[0].toDate(), r[1].toDate()]);
  return [formatRangeTime(a), formatRangeTime(b)];
};

function toForm(s: OrderFilterState): FormValues {
  return {
    codeKeywords: s.codeKeywords,
    skuKeywords: s.skuKeywords,
    receiverKeywords: s.receiverKeywords,
    buyerNick: s.buyerNick,
    storeIds: list(s.storeIds).map(Number),
    ...(s.warehouseId > 0 ? { warehouseId: s.warehouseId } : { warehouseId: undefined }),
    expressCompanyCode: s.expressCompanyCode || undefined,
    labels: list(s.labels),
    flags: list(s.flags),
    expressPrinted: s.expressPrinted === 'true' || s.expressPrinted === 'false' ? s.expressPrinted : undefined,
    createRange: range(s.createFrom, s.createTo),
    payRange: range(s.payFrom, s.payTo),
    sort: s.sort,
  };
}

/** The filters beyond the first line, for the "More filters" count. */
const MORE: (keyof FormValues)[] = ['buyerNick', 'warehouseId', 'expressCompanyCode', 'labels', 'flags', 'expressPrinted', 'createRange', 'payRange', 'sort'];
const isSet = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== null && v !== '' && v !== 'id_desc');

/**
 * The bar is drawn again only when its filters, its search or its density change (memo): the list's
 * tab, page and opened order are no part of it, and a tab switch need not redraw its form's fields.
 */
export const OrderFilterBar = memo(function OrderFilterBar({ value, onSearch, compact = false }: { value: OrderFilterState; onSearch: (patch: Partial<OrderFilterState>) => void; compact?: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [expanded, setExpanded] = useState(false);
  const folded = compact && !expanded;
  const moreSet = MORE.filter((k) => isSet(toForm(value)[k])).length;
  useEffect(() => {
    form.setFieldsValue(toForm(value));
  }, [form, value]);

  const submit = (v: FormValues) => {
    const [createFrom, createTo] = snapped(v.createRange);
    const [payFrom, payTo] = snapped(v.payRange);
    onSearch({
      codeKeywords: v.codeKeywords?.trim() ?? '',
      skuKeywords: v.skuKeywords?.trim() ?? '',
      receiverKeywords: v.receiverKeywords?.trim() ?? '',
      buyerNick: v.buyerNick?.trim() ?? '',
      storeIds: (v.storeIds ?? []).join(','),
      warehouseId: v.warehouseId && v.warehouseId > 0 ? v.warehouseId : 0,
      expressCompanyCode: v.expressCompanyCode ?? '',
      labels: (v.labels ?? []).join(','),
      flags: (v.flags ?? []).join(','),
      expressPrinted: v.expressPrinted ?? '',
      createFrom,
      createTo,
      payFrom,
      payTo,
      sort: v.sort ?? 'id_desc',
    });
  };
  const reset = () => {
    form.setFieldsValue(toForm(ORDER_FILTER_DEFAULTS));
    onSearch({ ...ORDER_FILTER_DEFAULTS });
  };

  return (
    <Form<FormValues> form={form} layout="inline" size={compact ? 'small' : undefined} className={folded ? 'os-filters-one-line' : undefined} style={{ marginBottom: compact ? 8 : 12, rowGap: 8 }} initialValues={toForm(value)} onFinish={submit}>
      <Form.Item name="codeKeywords" label={t('orders:filters.codeKeywords')}>
        <Input allowClear style={{ width: compact ? 190 : 220 }} placeholder={t('orders:filters.codePlaceholder')} />
      </Form.Item>
      <Form.Item name="skuKeywords" label={t('orders:filters.skuKeywords')}>
        <Input allowClear style={{ width: compact ? 150 : 200 }} placeholder={t('orders:filters.skuPlaceholder')} />
      </Form.Item>
      <Form.Item name="receiverKeywords" label={t('orders:filters.receiverKeywords')}>
        <Input allowClear style={{ width: compact ? 150 : 180 }} placeholder={t('orders:filters.receiverPlaceholder')} />
      </Form.Item>
      <Form.Item name="storeIds" label={t('orders:filters.storeIdList')}>
        <StoreSelect mode="multiple" allowClear includeDisabled maxTagCount="responsive" style={{ width: compact ? 180 : 220 }} />
      </Form.Item>
      <Form.Item name="buyerNick" label={t('orders:filters.buyerNick')} hidden={folded}>
        <Input allowClear style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="warehouseId" label={t('orders:filters.warehouseIdList')} hidden={folded}>
        <WarehouseSelect allowClear includeStopped style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="expressCompanyCode" label={t('orders:filters.expressCompanyCodeList')} hidden={folded}>
        <ExpressCompanySelect valueField="code" allowClear style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="labels" label={t('orders:filters.labelList')} hidden={folded}>
        <Select mode="multiple" allowClear maxTagCount="responsive" style={{ width: 220 }} options={ORDER_LABELS.map((l) => ({ value: l, label: t(`orders:labels.${l}`) }))} />
      </Form.Item>
      <Form.Item name="flags" label={t('orders:filters.flags')} hidden={folded}>
        <Select mode="multiple" allowClear maxTagCount="responsive" style={{ width: 220 }} options={ORDER_FLAGS.map((f) => ({ value: f, label: t(`orders:flags.${f}`) }))} />
      </Form.Item>
      <Form.Item name="expressPrinted" label={t('orders:filters.expressPrinted')} hidden={folded}>
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('orders:printed.any')}
          options={[
            { value: 'false', label: t('orders:printed.no') },
            { value: 'true', label: t('orders:printed.yes') },
          ]}
        />
      </Form.Item>
      <Form.Item name="createRange" label={t('orders:filters.createTime')} hidden={folded}>
        <DatePicker.RangePicker />
      </Form.Item>
      <Form.Item name="payRange" label={t('orders:filters.payTime')} hidden={folded}>
        <DatePicker.RangePicker />
      </Form.Item>
      <Form.Item name="sort" label={t('orders:filters.sort')} hidden={folded}>
        <Select style={{ width: 170 }} options={ORDER_SORTS.map((s) => ({ value: s, label: t(`orders:sorts.${s}`) }))} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('common:actions.search')}
        </Button>
        <Button onClick={reset}>{t('common:actions.reset')}</Button>
        {compact && (
          <Button type="link" icon={expanded ? <UpOutlined /> : <DownOutlined />} aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? t('orders:filters.fewer') : moreSet ? t('orders:filters.moreSet', { count: moreSet }) : t('orders:filters.more')}
          </Button>
        )}
      </Space>
    </Form>
  );
});
