// The address fields of every form that takes an address (stores, warehouses, manual orders, the
// receiver of an order): a province / city / district cascader over the official divisions
// (ui/regions.ts, loaded lazily), the detail, and a box to paste a whole receiver ("张三
// 13812345678 浙江省杭州市西湖区文三路100号") that the server's address analysis
// (/myhome/address/addressAnalysis) splits into the fields. An address that does not parse leaves
// the fields as they were and says so. The form keeps its own field names: the component is told
// them, and writes the names (text) the server stores.
import { Alert, Button, Cascader, Form, Input, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { AddressCalls } from '@openseller/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, errorMessage, ApiError } from '../app/request';
import { loadRegionOptions, partsFromAnalysis, type RegionOption } from './regions';

/** The form's own names of the address fields; name and phone only receive a pasted receiver. */
export interface AddressFieldNames {
  province: string;
  city: string;
  district: string;
  detail?: string;
  name?: string;
  phone?: string;
}

/** The divisions as cascader options (loaded once, kept for the session). */
export function useRegionOptions() {
  return useQuery({ queryKey: ['regions', 'divisions'], queryFn: loadRegionOptions, staleTime: Infinity, gcTime: Infinity });
}

const searchFilter = (input: string, path: RegionOption[]) => path.some((o) => o.label.includes(input.trim()));

/**
 * The cascader bound to the province field (Form.Item gives value / onChange); it reads and
 * writes the city and district fields beside it.
 */
function RegionCascader({ names, value, onChange, id }: { names: AddressFieldNames; value?: string; onChange?: (province: string | undefined) => void; id?: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const city = Form.useWatch(names.city, form) as string | undefined;
  const district = Form.useWatch(names.district, form) as string | undefined;
  const regions = useRegionOptions();
  // Names the data does not know (typed before the cascader) are shown as they are.
  const current = [value, city, district].filter((x): x is string => !!x);
  return (
    <Cascader
      id={id}
      aria-label={t('common:address.region')}
      options={regions.data ?? []}
      value={current}
      changeOnSelect
      showSearch={{ filter: searchFilter }}
      placeholder={regions.isLoading ? t('common:address.loading') : t('common:address.regionPlaceholder')}
      notFoundContent={regions.isError ? t('common:address.loadError') : undefined}
      onChange={(path) => {
        const [p, c, d] = (path ?? []) as string[];
        form.setFieldValue(names.city, c ?? undefined);
        form.setFieldValue(names.district, d ?? undefined);
        onChange?.(p ?? undefined);
      }}
      style={{ width: '100%' }}
    />
  );
}

type PasteNotice = { type: 'success' | 'warning' | 'error'; text: string } | null;

/** The paste box alone, for forms that show it above their own name and phone fields. */
export function AddressPasteBox({ names }: { names: AddressFieldNames }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<PasteNotice>(null);

  async function analyse() {
    const pasted = text.trim();
    if (!pasted) return;
    setBusy(true);
    try {
      const [parsed, options] = await Promise.all([callApi(AddressCalls.addressAnalysis, { text: pasted.slice(0, 500) }, { quiet: true }), loadRegionOptions()]);
      const parts = partsFromAnalysis(options, parsed);
      if (names.name && parsed.name) form.setFieldValue(names.name, parsed.name);
      if (names.phone && parsed.phone) form.setFieldValue(names.phone, parsed.phone);
      if (parts.found === 'none') {
        setNotice({ type: 'warning', text: t('common:address.notParsed') });
        return;
      }
      form.setFieldValue(names.province, parts.province ?? undefined);
      form.setFieldValue(names.city, parts.city ?? undefined);
      form.setFieldValue(names.district, parts.district ?? undefined);
      if (names.detail) form.setFieldValue(names.detail, parts.detail ?? undefined);
      const touched = [names.province, names.city, names.district, names.detail, names.name, names.phone].filter((n): n is string => !!n);
      void form.validateFields(touched).catch(() => undefined);
      setNotice(parts.found === 'full' ? { type: 'success', text: t('common:address.parsed') } : { type: 'warning', text: t('common:address.parsedPartly') });
    } catch (error) {
      setNotice({ type: 'error', text: error instanceof ApiError ? errorMessage(error) : t('common:address.loadError') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form.Item label={t('common:address.paste')} extra={t('common:address.pasteHint')}>
      <Space.Compact style={{ width: '100%' }}>
        <Input.TextArea
          aria-label={t('common:address.paste')}
          value={text}
          autoSize={{ minRows: 1, maxRows: 3 }}
          maxLength={500}
          placeholder={t('common:address.pastePlaceholder')}
          onChange={(e) => {
            setText(e.target.value);
            setNotice(null);
          }}
          onKeyDown={(e) => {
            // Enter reads the address (Shift+Enter is a new line).
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void analyse();
            }
          }}
        />
        <Button onClick={() => void analyse()} loading={busy} disabled={!text.trim()}>
          {t('common:address.analyse')}
        </Button>
      </Space.Compact>
      {notice && <Alert style={{ marginTop: 8 }} type={notice.type} showIcon title={notice.text} role={notice.type === 'success' ? 'status' : 'alert'} />}
    </Form.Item>
  );
}

export function AddressFields({
  names,
  required = 'none',
  detailRequired = false,
  detailMax = 200,
  labels = {},
  paste = true,
}: {
  names: AddressFieldNames;
  /** How far the region must be chosen. */
  required?: 'none' | 'province' | 'city';
  detailRequired?: boolean;
  detailMax?: number;
  labels?: { region?: string; detail?: string };
  paste?: boolean;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <>
      {paste && <AddressPasteBox names={names} />}
      <Form.Item
        name={names.province}
        label={labels.region ?? t('common:address.region')}
        required={required !== 'none'}
        rules={[
          {
            validator: (_, province: string | undefined) => {
              if (required !== 'none' && !province) return Promise.reject(new Error(t('common:address.chooseProvince')));
              if (required === 'city' && province && !form.getFieldValue(names.city)) return Promise.reject(new Error(t('common:address.chooseCity')));
              return Promise.resolve();
            },
          },
        ]}
      >
        <RegionCascader names={names} />
      </Form.Item>
      <Form.Item name={names.city} hidden>
        <Input />
      </Form.Item>
      <Form.Item name={names.district} hidden>
        <Input />
      </Form.Item>
      {names.detail && (
        <Form.Item
          name={names.detail}
          label={labels.detail ?? t('common:address.detail')}
          rules={[
            ...(detailRequired ? [{ required: true, whitespace: true, message: t('common:address.detailRequired') }] : []),
            { max: detailMax, message: t('common:address.tooLong', { max: detailMax }) },
          ]}
        >
          <Input placeholder={t('common:address.detailPlaceholder')} />
        </Form.Item>
      )}
    </>
  );
}
