// New or edited waybill account: the platform print code, the carrier (one of the domain's
// express companies), the fields that kind of account needs (requiredWaybillFields in
// packages/core) and the optional ones (a Cainiao account's LINK provider id), the default flag and
// whether the sandbox carrier serves it — else which real connector does (waybillConnectorOf).
// Refusals from the server go next to their field.
import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { PLATFORM_PRINT_CODES, requiredWaybillFields, waybillConnectorOf, type PlatformPrintCode, type WaybillAccountField, type WaybillAccountRow } from '@openseller/core';
import { ApiError } from '../../../../app/request';
import { useUnsavedChanges } from '../../../../ui/unsaved-changes';
import { toast } from '../../../../app/toast';
import { ExpressCompanySelect } from '../../../express/components/express-company-select';
import { waybillAccountsApi } from '../api';
import { ConnectorTag } from './connector-tag';
import { useWaybillMutation, waybillErrorMessage } from '../queries';

const OPTIONAL_FIELDS: WaybillAccountField[] = ['paymentType', 'productType', 'transportType', 'businessType'];

type Values = { printCode: PlatformPrintCode; expressCompanyCode: string; name: string; isDefault: boolean; sandbox: boolean } & Partial<Record<WaybillAccountField, string>>;

export function AccountFormDrawer({ open, account, onClose }: { open: boolean; account: WaybillAccountRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  // Changed by the user since the drawer opened (loading uses setFieldsValue, which is not a change).
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(open && changed);
  const printCode = Form.useWatch('printCode', form) ?? 'cn';
  const carrier = Form.useWatch('expressCompanyCode', form) ?? '';
  const required = requiredWaybillFields(printCode, carrier);
  const optional: WaybillAccountField[] = printCode === 'cn' ? [...OPTIONAL_FIELDS, 'linkProviderId'] : OPTIONAL_FIELDS;
  const shown = [...required, ...optional.filter((f) => !required.includes(f))];
  const sandbox = Form.useWatch('sandbox', form) ?? true;
  const linkProviderId = Form.useWatch('linkProviderId', form) as string | undefined;
  const connector = waybillConnectorOf({ printCode, sandbox, fields: linkProviderId ? { linkProviderId } : {} });

  useEffect(() => {
    if (!open) return;
    setError(null);
    form.resetFields();
    setChanged(false);
    if (account)
      form.setFieldsValue({ printCode: account.printCode, expressCompanyCode: account.expressCompanyCode, name: account.name, isDefault: account.isDefault, sandbox: account.sandbox, ...account.fields });
  }, [open, account, form]);

  const save = useWaybillMutation((values: Values) => (account ? waybillAccountsApi.update({ ...values, id: account.id, version: account.version }) : waybillAccountsApi.create(values)));

  const submit = (values: Values) => {
    setError(null);
    // Only the fields of the chosen kind are sent.
    const body = { printCode: values.printCode, expressCompanyCode: values.expressCompanyCode, name: values.name, isDefault: !!values.isDefault, sandbox: values.sandbox !== false } as Values;
    for (const f of shown) if (values[f]) body[f] = values[f];
    save.mutate(body, {
      onSuccess: () => {
        toast.success(t('waybills:accounts.saved'));
        onClose();
      },
      onError: (e) => {
        const message = waybillErrorMessage(e);
        const field = e instanceof ApiError && typeof e.params.field === 'string' ? e.params.field : null;
        if (field && (shown as string[]).concat(['expressCompanyCode', 'name', 'printCode']).includes(field)) form.setFields([{ name: field as keyof Values, errors: [message] }]);
        else setError(message);
      },
    });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={520}
      title={account ? t('waybills:accounts.edit') : t('waybills:accounts.create')}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common:actions.save')}
          </Button>
        </Space>
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form<Values> form={form} onValuesChange={() => setChanged(true)} layout="vertical" initialValues={{ printCode: 'cn', isDefault: false, sandbox: true }} onFinish={submit}>
        <Form.Item name="printCode" label={t('waybills:fields.printCode')} rules={[{ required: true, message: t('waybills:validation.required', { field: t('waybills:fields.printCode') }) }]}>
          <Select options={PLATFORM_PRINT_CODES.map((c) => ({ value: c, label: t(`waybills:printCodes.${c}`) }))} />
        </Form.Item>
        <Form.Item name="expressCompanyCode" label={t('waybills:fields.expressCompanyCode')} rules={[{ required: true, message: t('waybills:validation.required', { field: t('waybills:fields.expressCompanyCode') }) }]}>
          <ExpressCompanySelect valueField="code" />
        </Form.Item>
        <Form.Item name="name" label={t('waybills:fields.name')} rules={[{ required: true, whitespace: true, message: t('waybills:validation.required', { field: t('waybills:fields.name') }) }]}>
          <Input maxLength={60} />
        </Form.Item>
        {shown.map((f) => {
          const isRequired = required.includes(f) && !(f === 'password' && account?.hasPassword);
          return (
            <Form.Item
              key={f}
              name={f}
              label={t(`waybills:fields.${f}`)}
              extra={f === 'paymentType' ? t('waybills:accounts.paymentTypeHelp') : f === 'linkProviderId' ? t('waybills:accounts.linkProviderIdHelp') : undefined}
              rules={isRequired ? [{ required: true, whitespace: true, message: t('waybills:validation.required', { field: t(`waybills:fields.${f}`) }) }] : []}
            >
              {f === 'password' ? <Input.Password maxLength={100} placeholder={account?.hasPassword ? t('waybills:accounts.passwordKept') : undefined} /> : <Input maxLength={100} />}
            </Form.Item>
          );
        })}
        <Form.Item name="isDefault" label={t('waybills:fields.isDefault')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="sandbox" label={t('waybills:fields.sandbox')} valuePropName="checked" extra={t('waybills:accounts.sandboxHelp')}>
          <Switch />
        </Form.Item>
        <Form.Item label={t('waybills:connector.title')}>
          <ConnectorTag connector={connector} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
