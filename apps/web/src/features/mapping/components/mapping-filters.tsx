// The filters of the mapping lists: store, platform, a keyword on the online item (title, outer
// codes, platform ids) and one on the mapped system SKU (code, name).
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { platformName } from '@openseller/core';
import { useMappingStores } from '../queries';

export interface MappingFilterValues {
  storeId: number;
  platformCode: string;
  keyword: string;
  skuKeyword: string;
}

export function MappingFilters({ value, onChange, showSkuKeyword = true }: { value: MappingFilterValues; onChange: (patch: Partial<MappingFilterValues>) => void; showSkuKeyword?: boolean }) {
  const { t, i18n } = useTranslation();
  const stores = useMappingStores();
  const platforms = [...new Set((stores.data ?? []).map((s) => s.platformCode))];
  return (
    <Space wrap>
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        style={{ width: 200 }}
        aria-label={t('mapping:filters.store')}
        placeholder={t('mapping:filters.store')}
        value={value.storeId || undefined}
        loading={stores.isFetching}
        onChange={(storeId?: number) => onChange({ storeId: storeId ?? 0 })}
        options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
      />
      <Select
        allowClear
        style={{ width: 170 }}
        aria-label={t('mapping:filters.platform')}
        placeholder={t('mapping:filters.platform')}
        value={value.platformCode || undefined}
        onChange={(platformCode?: string) => onChange({ platformCode: platformCode ?? '' })}
        options={platforms.map((p) => ({ value: p, label: platformName(p, i18n.language) }))}
      />
      <Input.Search
        allowClear
        key={`k:${value.keyword}`}
        defaultValue={value.keyword}
        style={{ width: 300 }}
        aria-label={t('mapping:filters.keyword')}
        placeholder={t('mapping:filters.keyword')}
        onSearch={(keyword) => onChange({ keyword: keyword.trim() })}
      />
      {showSkuKeyword && (
        <Input.Search
          allowClear
          key={`s:${value.skuKeyword}`}
          defaultValue={value.skuKeyword}
          style={{ width: 260 }}
          aria-label={t('mapping:filters.skuKeyword')}
          placeholder={t('mapping:filters.skuKeyword')}
          onSearch={(skuKeyword) => onChange({ skuKeyword: skuKeyword.trim() })}
        />
      )}
    </Space>
  );
}
