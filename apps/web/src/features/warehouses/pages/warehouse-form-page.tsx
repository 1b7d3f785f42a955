// New warehouse, or edit one with ?id= (/config/warehouse/create): code, name, type, the code in
// the other system for third-party types, and the sender address parcels leave with.
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANDLINE_PATTERN, MOBILE_PATTERN, WAREHOUSE_TYPES, WAREHOUSE_TYPES_NEEDING_EXTERNAL_CODE, EXTENDED_WAREHOUSE_TYPES, isThirdPartyWarehouse, type WarehouseType } from '@openseller/core';
import { toast } from '../../../app/toast';
import { requiredRule } from '../../../ui/form-rules';
import { AddressFields } from '../../../ui/address-fields';
import { PageTitle } from '../../../ui/page-title';
import { leaveWithoutAsking, useUnsavedChanges } from '../../../ui/unsaved-changes';
import { warehousesApi, type WarehouseFormValues } from '../api';
import { showFieldErrors } from '../components/form-errors';
import { useWarehouse, useWarehousesMutation, warehouseErrorMessage } from '../queries';

const FIELDS = ['code', 'name', 'type', 'externalCode', 'ownerCode', 'qimenCustomerId', 'contact', 'phone', 'province', 'city', 'county', 'street', 'remark'] as const;

export default function WarehouseFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const { data: existing, isLoading, error: loadError } = useWarehouse(id);
  const [form] = Form.useForm<WarehouseFormValues>();
  const type = Form.useWatch('type', form) as WarehouseType | undefined;
  const [error, setError] = useState<string | null>(null);
  // Changed by the user since the page loaded (loading uses setFieldsValue, which is not a change).
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);
  const save = useWarehousesMutation((values: WarehouseFormValues) => (existing ? warehousesApi.update({ ...values, id: existing.id, version: existing.version }) : warehousesApi.create(values)), {
    toastErrors: false,
  });

  useEffect(() => {
    if (existing) form.setFieldsValue({ ...existing, county: existing.county ?? '', externalCode: existing.externalCode ?? '', ownerCode: existing.ownerCode ?? '', qimenCustomerId: existing.qimenCustomerId ?? '', remark: existing.remark ?? '' });
  }, [existing, form]);

  const max = (n: number) => ({ max: n, message: t('warehouses:validation.max', { max: n }) });
  const title = existing ? t('warehouses:form.editTitle', { name: existing.name }) : t('nav:routes.warehouseCreate');

  const submit = async (values: WarehouseFormValues) => {
    setError(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(t(existing ? 'warehouses:form.updated' : 'warehouses:form.created', { name: saved.name }));
        leaveWithoutAsking(() => navigate('/config/warehouse/details'));
      },
      onError: (e) => {
        if (!showFieldErrors(form, e, FIELDS, warehouseErrorMessage)) setError(warehouseErrorMessage(e));
      },
    });
  };

  if (id && isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (id && loadError) return <Alert type="error" showIcon message={warehouseErrorMessage(loadError)} />;

  return (
    <>
      <PageTitle title={title} />
      <Card>
        <Form<WarehouseFormValues> form={form} onValuesChange={() => setChanged(true)} layout="vertical" initialValues={{ type: 'SELF_WAREHOUSE' }} onFinish={(v) => void submit(v)} style={{ maxWidth: 880 }} scrollToFirstError>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
          <Typography.Title level={5}>{t('warehouses:form.basics')}</Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="code"
                label={t('warehouses:fields.code')}
                normalize={(v: string) => v?.replace(/\s+/g, '')}
                rules={[requiredRule(), max(32), { pattern: /^[\x21-\x7E]*$/, message: t('warehouses:validation.code') }]}
              >
                <Input maxLength={32} placeholder="WH01" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('warehouses:fields.name')} rules={[requiredRule(), max(50)]}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="type" label={t('warehouses:fields.type')} rules={[{ required: true, message: t('common:validation.required') }]} extra={type ? t(`warehouses:typeHelp.${type}`) : undefined}>
                <Select
                  options={WAREHOUSE_TYPES.map((value) => ({
                    value,
                    label: EXTENDED_WAREHOUSE_TYPES.includes(value) ? `${t(`warehouses:types.${value}`)} · ${t('warehouses:form.extended')}` : t(`warehouses:types.${value}`),
                  }))}
                />
              </Form.Item>
            </Col>
          </Row>
          {type && isThirdPartyWarehouse(type) && (
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name="externalCode"
                  label={t('warehouses:fields.externalCode')}
                  extra={t('warehouses:form.externalCodeHelp')}
                  rules={[...(WAREHOUSE_TYPES_NEEDING_EXTERNAL_CODE.includes(type) ? [requiredRule()] : []), max(64)]}
                >
                  <Input maxLength={64} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="ownerCode" label={t('warehouses:fields.ownerCode')} extra={t('warehouses:form.ownerCodeHelp')} rules={[max(64)]}>
                  <Input maxLength={64} />
                </Form.Item>
              </Col>
              {type === 'QIMEN_WAREHOUSE' && (
                <Col xs={24} md={12}>
                  <Form.Item name="qimenCustomerId" label={t('warehouses:fields.qimenCustomerId')} extra={t('warehouses:form.qimenCustomerIdHelp')} rules={[max(64)]}>
                    <Input maxLength={64} />
                  </Form.Item>
                </Col>
              )}
            </Row>
          )}
          <Typography.Title level={5}>{t('warehouses:form.sender')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('warehouses:form.senderHelp')}</Typography.Paragraph>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="contact" label={t('warehouses:fields.contact')} rules={[requiredRule(), max(30)]}>
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="phone"
                label={t('warehouses:fields.phone')}
                rules={[
                  requiredRule(),
                  {
                    validator: (_r, v: string | undefined) =>
                      !v || MOBILE_PATTERN.test(v.trim()) || LANDLINE_PATTERN.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('warehouses:validation.phone'))),
                  },
                ]}
              >
                <Input maxLength={20} placeholder="13800138000 / 0571-88886666" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <AddressFields
                names={{ province: 'province', city: 'city', district: 'county', detail: 'street', name: 'contact', phone: 'phone' }}
                required="city"
                detailRequired
                labels={{ detail: t('warehouses:fields.street') }}
              />
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t('warehouses:fields.remark')} rules={[max(200)]}>
                <Input.TextArea rows={2} maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common:actions.save')}
            </Button>
            <Button onClick={() => navigate('/config/warehouse/details')}>{t('common:actions.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </>
  );
}
