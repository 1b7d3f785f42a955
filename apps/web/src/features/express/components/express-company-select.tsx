// The express company select other areas reuse (orders, rules, printing, after-sales):
//
//   <ExpressCompanySelect value={id} onChange={(id, company) => …} />
//
// It offers the carriers the domain chose on /config/expressCompany, in their order. With
// `withNull` the first option is "No express company" (id 0, code NONE), a filter choice for
// orders without a carrier. `valueField="code"` makes the value the carrier code instead of the id.
import { Select, Tag, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXPRESS_NONE_CODE, EXPRESS_NONE_ID, supportsMultiPackage, type ExpressCompanyOption } from '@openseller/core';
import { useUserExpressCompanies } from '../queries';

export interface ExpressCompanySelectProps extends Omit<SelectProps<number | string>, 'options' | 'value' | 'onChange'> {
  value?: number | string | null;
  onChange?: (value: number | string | undefined, company: ExpressCompanyOption | null) => void;
  withNull?: boolean;
  valueField?: 'id' | 'code';
  /** Only carriers that take several packages per order. */
  multiPackageOnly?: boolean;
}

export function ExpressCompanySelect({ value, onChange, withNull, valueField = 'id', multiPackageOnly, ...rest }: ExpressCompanySelectProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useUserExpressCompanies();
  const none: ExpressCompanyOption = { id: EXPRESS_NONE_ID, code: EXPRESS_NONE_CODE, name: t('express:select.none'), udf4: null };
  const companies: ExpressCompanyOption[] = [...(withNull ? [none] : []), ...(data ?? []).filter((c) => !multiPackageOnly || supportsMultiPackage(c.code))];
  return (
    <Select<number | string>
      showSearch={{ optionFilterProp: 'search' }}
      loading={isFetching}
      placeholder={t('express:select.placeholder')}
      style={{ minWidth: 180 }}
      notFoundContent={t('express:select.empty')}
      {...rest}
      value={value ?? undefined}
      options={companies.map((c) => ({
        value: c[valueField],
        search: `${c.code} ${c.name}`,
        label: (
          <span>
            {c.name}
            {c.udf4 && <Tag style={{ marginInlineStart: 6 }}>{c.udf4}</Tag>}
          </span>
        ),
      }))}
      onChange={(v) => onChange?.(v, companies.find((c) => c[valueField] === v) ?? null)}
    />
  );
}
