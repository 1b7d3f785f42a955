// Every filter narrowing the list, as a removable tag above it: also the ones no field of the
// filter bar shows (warehouse type and status, set by the home page's links), so the list and the
// tab counts never shrink for a reason the user cannot see.
import { Button, Space, Tag, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ORDER_EXCEPTION_TYPES, ORDER_STATUSES } from '@openseller/core';
import { useStoreOptions } from '../../../stores/queries';
import { useWarehouseOptions } from '../../../warehouses/queries';
import type { OrderFilterState } from '../use-order-list-state';

interface ActiveFilter {
  key: keyof OrderFilterState | 'createRange' | 'payRange';
  label: string;
  clear: Partial<OrderFilterState>;
}

const list = (text: string) => text.split(',').filter(Boolean);

/** The filters of the state that narrow the list, each with the patch that removes it. */
export function useActiveFilters(state: OrderFilterState, activeKey: string): ActiveFilter[] {
  const { t } = useTranslation();
  const stores = useStoreOptions();
  const warehouses = useWarehouseOptions(true);
  const out: ActiveFilter[] = [];
  const text = (key: 'codeKeywords' | 'skuKeywords' | 'receiverKeywords' | 'buyerNick') => {
    if (state[key]) out.push({ key, label: `${t(`orders:filters.${key}`)}: ${state[key]}`, clear: { [key]: '' } });
  };
  text('codeKeywords');
  text('skuKeywords');
  text('receiverKeywords');
  text('buyerNick');
  if (state.storeIds) {
    const names = list(state.storeIds).map((id) => stores.data?.find((s) => String(s.id) === id)?.name ?? `#${id}`);
    out.push({ key: 'storeIds', label: `${t('orders:filters.storeIdList')}: ${names.join(', ')}`, clear: { storeIds: '' } });
  }
  if (state.warehouseId > 0) {
    const name = warehouses.data?.find((w) => w.id === state.warehouseId)?.name ?? `#${state.warehouseId}`;
    out.push({ key: 'warehouseId', label: `${t('orders:filters.warehouseIdList')}: ${name}`, clear: { warehouseId: 0 } });
  }
  if (state.whType) out.push({ key: 'whType', label: `${t('orders:filters.whType')}: ${t(`warehouses:types.${state.whType}`, { defaultValue: state.whType })}`, clear: { whType: '' } });
  if (state.expressCompanyCode) out.push({ key: 'expressCompanyCode', label: `${t('orders:filters.expressCompanyCodeList')}: ${state.expressCompanyCode}`, clear: { expressCompanyCode: '' } });
  if (state.expressPrinted === 'true' || state.expressPrinted === 'false') {
    out.push({ key: 'expressPrinted', label: t(state.expressPrinted === 'true' ? 'orders:printed.filterPrinted' : 'orders:printed.filterNotPrinted'), clear: { expressPrinted: '' } });
  }
  if ((ORDER_STATUSES as readonly string[]).includes(state.statusCode)) out.push({ key: 'statusCode', label: `${t('orders:filters.statusCode')}: ${t(`orders:status.${state.statusCode}`)}`, clear: { statusCode: '' } });
  // Tab 5 shows its exception kind as the segmented control above the list.
  if (activeKey !== '5' && (ORDER_EXCEPTION_TYPES as readonly string[]).includes(state.type)) out.push({ key: 'type', label: t(`orders:exceptions.${state.type}`), clear: { type: '' } });
  if (state.labels) out.push({ key: 'labels', label: `${t('orders:filters.labelList')}: ${list(state.labels).map((l) => t(`orders:labels.${l}`)).join(', ')}`, clear: { labels: '' } });
  if (state.flags) out.push({ key: 'flags', label: `${t('orders:filters.flags')}: ${list(state.flags).map((f) => t(`orders:flags.${f}`)).join(', ')}`, clear: { flags: '' } });
  if (state.createFrom || state.createTo) out.push({ key: 'createRange', label: `${t('orders:filters.createTime')}: ${state.createFrom} ~ ${state.createTo}`, clear: { createFrom: '', createTo: '' } });
  if (state.payFrom || state.payTo) out.push({ key: 'payRange', label: `${t('orders:filters.payTime')}: ${state.payFrom} ~ ${state.payTo}`, clear: { payFrom: '', payTo: '' } });
  return out;
}

export function ActiveFilters({ state, activeKey, onChange }: { state: OrderFilterState; activeKey: string; onChange: (patch: Partial<OrderFilterState>) => void }) {
  const { t } = useTranslation();
  const filters = useActiveFilters(state, activeKey);
  if (!filters.length) return null;
  const clearAll = Object.assign({}, ...filters.map((f) => f.clear)) as Partial<OrderFilterState>;
  return (
    <div style={{ marginBottom: 12 }}>
      <Space wrap size={[4, 8]} role="group" aria-label={t('orders:activeFilters.title')}>
        <Typography.Text type="secondary">{t('orders:activeFilters.title')}:</Typography.Text>
        {filters.map((f) => (
          <Tag
            key={f.key}
            color="blue"
            closable
            closeIcon={<CloseOutlined aria-label={t('orders:activeFilters.remove', { filter: f.label })} />}
            onClose={(e) => {
              e.preventDefault();
              onChange(f.clear);
            }}
          >
            {f.label}
          </Tag>
        ))}
        {filters.length > 1 && (
          <Button type="link" size="small" onClick={() => onChange(clearAll)}>
            {t('orders:activeFilters.clearAll')}
          </Button>
        )}
      </Space>
    </div>
  );
}
