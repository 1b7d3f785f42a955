// The warehouse select other areas reuse (stock, documents, orders, reports):
//
//   <WarehouseSelect value={whId} onChange={setWhId} allowAll />
//
// With `allowAll` the first option is "All warehouses" with id -1 (ALL_WAREHOUSES_ID), the value
// searches send for no warehouse (spec 02 §3.6, §7.9). Names carry their type's decoration
// ([SP box] Main, Main (Qimen)). Stopped warehouses are listed only with `includeStopped`.
import { Select, Tag, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALL_WAREHOUSES_ID, type WarehouseOption } from '@openseller/core';
import { useWarehouseOptions, warehouseLabel } from '../queries';

export interface WarehouseSelectProps extends Omit<SelectProps<number>, 'options' | 'value' | 'onChange'> {
  value?: number | null;
  onChange?: (id: number | undefined, warehouse: WarehouseOption | null) => void;
  /** Offer "All warehouses" (id -1) first. */
  allowAll?: boolean;
  /** List stopped warehouses too (to show a past choice). */
  includeStopped?: boolean;
  /** Only warehouses of these types (e.g. SELF_WAREHOUSE for stock counts). */
  types?: WarehouseOption['type'][];
}

export function WarehouseSelect({ value, onChange, allowAll, includeStopped, types, ...rest }: WarehouseSelectProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useWarehouseOptions(includeStopped ?? false);
  const warehouses = (data ?? []).filter((w) => !types || types.includes(w.type));
  const options = [
    ...(allowAll ? [{ value: ALL_WAREHOUSES_ID, label: t('warehouses:select.all'), search: t('warehouses:select.all') }] : []),
    ...warehouses.map((w) => ({
      value: w.id,
      search: `${w.code} ${w.name}`,
      label: (
        <span>
          {warehouseLabel(w.name, w.type)}
          {w.stopUsing === 1 && (
            <Tag style={{ marginInlineStart: 6 }} color="default">
              {t('warehouses:list.stopped')}
            </Tag>
          )}
        </span>
      ),
    })),
  ];
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'search' }}
      loading={isFetching}
      placeholder={t('warehouses:select.placeholder')}
      style={{ minWidth: 200 }}
      {...rest}
      value={value ?? undefined}
      options={options}
      onChange={(id) => onChange?.(id, warehouses.find((w) => w.id === id) ?? null)}
    />
  );
}
