// Business rule configuration (/config/configuration, MENU_USER_CONFIG): the domain settings the
// product reads today, grouped by area. Orders: the 'about to time out' warning of the order list
// (on/off and its hours) and the weigh-and-send margin. Saving reloads the session so the order
// list uses the new warning at once. Reports: the shop's time zone (a change recomputes the
// report figures in the new day before the save answers).
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, InputNumber, Select, Skeleton, Space, Switch, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DOMAIN_SETTING_GROUPS,
  DOMAIN_SETTINGS,
  ORDER_OVERDUE_CONFIG,
  WEIGH_MARGIN_CONFIG,
  type DomainSettingDefinition,
  type DomainSettingView,
} from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { useUnsavedChanges } from '../../../ui/unsaved-changes';
import { applyServerFieldErrors } from '../../accounts/components/form-errors';
import { useDomainSettings, useSaveDomainSettings } from '../queries';
import { AutoVerifyCard } from '../components/auto-verify-card';

type FormValues = Record<string, boolean | number | string | null>;

/** The time zones this browser knows (IANA names), UTC first. */
function timeZoneOptions(current: string): { value: string; label: string }[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...names.filter((n) => n !== 'UTC'), ...(names.includes(current) || current === 'UTC' ? [] : [current])].map((n) => ({ value: n, label: n }));
}

/** A setting that only matters while another (a switch) is on. */
const DEPENDS_ON: Record<string, string> = { [ORDER_OVERDUE_CONFIG.hours]: ORDER_OVERDUE_CONFIG.enabled };

const UNITS: Record<string, 'hours' | 'percent'> = { [ORDER_OVERDUE_CONFIG.hours]: 'hours', [WEIGH_MARGIN_CONFIG]: 'percent' };

function toFormValue(definition: DomainSettingDefinition, value: string): boolean | number | string {
  if (definition.kind === 'timeZone') return value;
  return definition.kind === 'boolean' ? value === 'true' : Number(value);
}

function toFormValues(items: DomainSettingView[]): FormValues {
  return Object.fromEntries(DOMAIN_SETTINGS.map((d) => [d.code, toFormValue(d, items.find((i) => i.itemCode === d.code)?.value ?? d.defaultValue)]));
}

function SettingField({ definition, form }: { definition: DomainSettingDefinition; form: FormInstance<FormValues> }) {
  const { t } = useTranslation();
  const parent = DEPENDS_ON[definition.code];
  const parentOn = Form.useWatch(parent ?? '__none', form);
  const disabled = parent ? parentOn === false : false;
  const unit = UNITS[definition.code];
  const shownDefault =
    definition.kind === 'boolean' ? t(definition.defaultValue === 'true' ? 'settings:on' : 'settings:off') : unit ? t(`settings:units.${unit}`, { value: definition.defaultValue }) : definition.defaultValue;
  const extra = (
    <>
      {t(`settings:items.${definition.code}.help`)} <Typography.Text type="secondary">{t('settings:default', { value: shownDefault })}</Typography.Text>
    </>
  );
  const label = t(`settings:items.${definition.code}.label`);
  if (definition.kind === 'boolean')
    return (
      <Form.Item name={definition.code} label={label} extra={extra} valuePropName="checked">
        <Switch checkedChildren={t('settings:on')} unCheckedChildren={t('settings:off')} />
      </Form.Item>
    );
  if (definition.kind === 'timeZone')
    return (
      <Form.Item name={definition.code} label={label} extra={extra} rules={[{ required: true, message: t('settings:validation.required') }]}>
        <Select showSearch aria-label={label} options={timeZoneOptions(String(form.getFieldValue(definition.code) ?? definition.defaultValue))} style={{ width: 280 }} />
      </Form.Item>
    );
  const range = { min: definition.min, max: definition.max };
  return (
    <Form.Item
      name={definition.code}
      label={label}
      extra={extra}
      rules={[
        { required: !disabled, message: t('settings:validation.required') },
        { type: 'number', ...range, message: t(`settings:validation.${definition.kind}`, { ...range, scale: definition.scale ?? 0 }) },
      ]}
    >
      <InputNumber
        {...range}
        precision={definition.kind === 'integer' ? 0 : (definition.scale ?? 0)}
        step={definition.kind === 'integer' ? 1 : 0.5}
        disabled={disabled}
        suffix={unit === 'percent' ? '%' : unit === 'hours' ? t('settings:hoursSuffix') : undefined}
        style={{ width: 180 }}
      />
    </Form.Item>
  );
}

export default function BusinessRulesPage() {
  const { t } = useTranslation();
  const settings = useDomainSettings();
  const save = useSaveDomainSettings();
  const [form] = Form.useForm<FormValues>();
  const loaded = settings.data ? toFormValues(settings.data) : null;
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);

  useEffect(() => {
    if (!settings.data) return;
    form.resetFields();
    setChanged(false);
  }, [settings.data, form]);

  function submit() {
    const values = form.getFieldsValue(true) as FormValues;
    // Every known item is sent, in catalogue order; a refusal names items.N.value, N this index.
    const items = DOMAIN_SETTINGS.map((d) => ({ itemCode: d.code, value: values[d.code] ?? loaded?.[d.code] ?? d.defaultValue }));
    const fieldMap = Object.fromEntries(DOMAIN_SETTINGS.flatMap((d, i) => [[`items.${i}.value`, d.code], [`items.${i}.itemCode`, d.code]]));
    save.mutate(
      { items },
      {
        onSuccess: (result) => {
          setChanged(false);
          toast.success(result.changed.length ? t('settings:saved') : t('settings:unchanged'));
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            const field = typeof error.params.field === 'string' ? fieldMap[error.params.field] : undefined;
            const definition = DOMAIN_SETTINGS.find((d) => d.code === field);
            if (definition) {
              const range = { min: definition.min, max: definition.max, scale: definition.scale ?? 0 };
              form.setFields([{ name: definition.code, errors: [t(`settings:validation.${definition.kind}`, range)] }]);
              return;
            }
            if (applyServerFieldErrors(form, error, fieldMap)) return;
          }
          toast.error(error instanceof ApiError ? errorMessage(error) : String(error));
        },
      },
    );
  }

  return (
    <>
      <PageTitle title={t('settings:title')} />
      {settings.isError ? (
        <Alert type="error" showIcon message={settings.error instanceof ApiError ? errorMessage(settings.error) : t('settings:loadFailed')} />
      ) : (
        <Form form={form} layout="vertical" initialValues={loaded ?? {}} onFinish={submit} onValuesChange={() => setChanged(true)} style={{ maxWidth: 720 }}>
          {DOMAIN_SETTING_GROUPS.map((group) => (
            <Card key={group} title={t(`settings:groups.${group}`)} style={{ marginBottom: 16 }}>
              {settings.isLoading || !loaded ? (
                <Skeleton active paragraph={{ rows: 6 }} />
              ) : (
                DOMAIN_SETTINGS.filter((d) => d.group === group).map((d) => <SettingField key={d.code} definition={d} form={form} />)
              )}
            </Card>
          ))}
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!loaded}>
              {t('common:actions.save')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setChanged(false);
              }}
              disabled={!loaded || save.isPending}
            >
              {t('common:actions.reset')}
            </Button>
          </Space>
        </Form>
      )}
      <AutoVerifyCard />
    </>
  );
}
