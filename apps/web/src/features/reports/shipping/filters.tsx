// The filter bar of the shipping tabs: shop days (a range), day or month, stores, platforms,
// warehouses and couriers (each optional: none chosen means all). The period limits are the
// server's (SHIP_REPORT_MAX_DAYS / _MONTHS); the picker refuses longer ranges before asking.
import { DatePicker, Segmented, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PLATFORMS, SHIP_REPORT_MAX_DAYS, SHIP_REPORT_MAX_MONTHS, type ReportType } from '@openseller/core';
import { StoreSelect } from '../../stores/components/store-select';
import { useWarehouseOptions } from '../../warehouses/queries';
import { useUserExpressCompanies } from '../../express/queries';

export interface ShipFilterValue {
  range: [Dayjs, Dayjs];
  reportType: ReportType;
  storeIds: number[];
  platformCodes: string[];
  warehouseIds: number[];
  expressCompanyCodes: string[];
}

/** The last 30 days up to the shop's today (useShopToday). */
export const defaultShipFilter = (today: Dayjs): ShipFilterValue => ({
  range: [today.subtract(29, 'day').startOf('day'), today.startOf('day')],
  reportType: 'day',
  storeIds: [],
  platformCodes: [],
  warehouseIds: [],
  expressCompanyCodes: [],
});

/** The call's filter fields (lists left out when empty). */
export function shipFilterInput(f: ShipFilterValue) {
  return {
    startDate: f.range[0].format('YYYY-MM-DD'),
    endDate: f.range[1].format('YYYY-MM-DD'),
    reportType: f.reportType,
    ...(f.storeIds.length ? { storeIds: f.storeIds } : {}),
    ...(f.platformCodes.length ? { platformCodes: f.platformCodes } : {}),
    ...(f.warehouseIds.length ? { warehouseIds: f.warehouseIds } : {}),
    ...(f.expressCompanyCodes.length ? { expressCompanyCodes: f.expressCompanyCodes } : {}),
  };
}

export function ShipFilters({
  value,
  onChange,
  couriers = true,
  period = true,
}: {
  value: ShipFilterValue;
  onChange: (v: ShipFilterValue) => void;
  couriers?: boolean;
  period?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const warehouses = useWarehouseOptions(true);
  const express = useUserExpressCompanies();
  const zh = i18n.language.startsWith('zh');
  const set = (patch: Partial<ShipFilterValue>) => onChange({ ...value, ...patch });
  const tooLong = (a: Dayjs, b: Dayjs) =>
    value.reportType === 'month' ? b.diff(a.startOf('month'), 'month') + 1 > SHIP_REPORT_MAX_MONTHS : b.diff(a, 'day') + 1 > SHIP_REPORT_MAX_DAYS;
  return (
    <Space wrap>
      {period && (
        <>
          <DatePicker.RangePicker
            aria-label={t('reportship:filters.period')}
            allowClear={false}
            value={value.range}
            onChange={(v) => {
              if (v?.[0] && v[1]) set({ range: tooLong(v[0], v[1]) ? [v[1].subtract(value.reportType === 'month' ? SHIP_REPORT_MAX_MONTHS - 1 : SHIP_REPORT_MAX_DAYS - 1, value.reportType === 'month' ? 'month' : 'day').startOf(value.reportType === 'month' ? 'month' : 'day'), v[1]] : [v[0], v[1]] });
            }}
          />
          <Segmented
            aria-label={t('reportship:filters.reportType')}
            value={value.reportType}
            onChange={(v) => set({ reportType: v as ReportType })}
            options={[
              { value: 'day', label: t('reportship:filters.day') },
              { value: 'month', label: t('reportship:filters.month') },
            ]}
          />
        </>
      )}
      <StoreSelect
        aria-label={t('reportship:filters.stores')}
        mode="multiple"
        allowClear
        includeDisabled
        maxTagCount="responsive"
        placeholder={t('reportship:filters.stores')}
        style={{ minWidth: 200 }}
        value={value.storeIds}
        onChange={(v) => set({ storeIds: (v as number[] | undefined) ?? [] })}
      />
      <Select
        aria-label={t('reportship:filters.platforms')}
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={t('reportship:filters.platforms')}
        style={{ minWidth: 180 }}
        optionFilterProp="label"
        value={value.platformCodes}
        onChange={(v) => set({ platformCodes: v })}
        options={PLATFORMS.map((p) => ({ value: p.key, label: zh ? p.nameZh : p.nameEn }))}
      />
      <Select
        aria-label={t('reportship:filters.warehouses')}
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={t('reportship:filters.warehouses')}
        style={{ minWidth: 180 }}
        optionFilterProp="label"
        loading={warehouses.isFetching}
        value={value.warehouseIds}
        onChange={(v) => set({ warehouseIds: v })}
        options={(warehouses.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
      />
      {couriers && (
        <Select
          aria-label={t('reportship:filters.couriers')}
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t('reportship:filters.couriers')}
          style={{ minWidth: 180 }}
          optionFilterProp="label"
          loading={express.isFetching}
          value={value.expressCompanyCodes}
          onChange={(v) => set({ expressCompanyCodes: v })}
          options={(express.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
        />
      )}
    </Space>
  );
}
