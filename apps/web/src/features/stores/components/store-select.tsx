// The store select other areas reuse (orders, goods mapping, stock sync, reports):
//
//   <StoreSelect value={storeId} onChange={setStoreId} allowClear />
//   <StoreSelect mode="multiple" value={storeIds} onChange={setStoreIds} onlineOnly />
//
// Options show the platform beside the name; disabled stores are listed only with includeDisabled.
import { Select, Space, type SelectProps } from 'antd';
import type { StoreOption } from '@openseller/core';
import { platformLabel, useStoreOptions } from '../queries';
import { PlatformTag } from './store-tags';

export interface StoreSelectProps extends Omit<SelectProps<number | number[]>, 'options'> {
  /** Only marketplace stores (store type 1). */
  onlineOnly?: boolean;
  includeDisabled?: boolean;
  filter?: (store: StoreOption) => boolean;
}

export function StoreSelect({ onlineOnly, includeDisabled, filter, ...rest }: StoreSelectProps) {
  const { data, isFetching } = useStoreOptions();
  const stores = (data ?? []).filter((s) => (includeDisabled || s.usable) && (!onlineOnly || s.storeType === 1) && (!filter || filter(s)));
  return (
    <Select
      showSearch
      loading={isFetching}
      optionFilterProp="search"
      style={{ minWidth: 200 }}
      {...rest}
      options={stores.map((s) => ({
        value: s.id,
        search: `${s.name} ${s.shortName ?? ''} ${platformLabel(s.platformCode)}`,
        label: (
          <Space size={4}>
            <span>{s.name}</span>
            <PlatformTag code={s.platformCode} />
          </Space>
        ),
      }))}
    />
  );
}
