// Create or edit a freight template (/config/freightTemplate/template/createFreightTemplate?id=):
// carrier, delivery method (1 road, 2 air) and its areas with first and additional weight prices.
// "Check" asks the server whether the areas overlap an enabled template of the same carrier.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Cascader, Form, Input, InputNumber, Radio, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CheckProblem } from '@openseller/core';
import { toast } from '../../../app/toast';
import { useRegionOptions } from '../../../ui/address-fields';
import { PageTitle } from '../../../ui/page-title';
import { provinceCityOptions } from '../../../ui/regions';
import { ExpressCompanySelect } from '../../express/components/express-company-select';
import { freightApi } from '../api';
import { freightErrorMessage, useFreightTemplates } from '../queries';

interface AreaForm {
  /** The cascader's path: [province] for the whole province, or [province, city]. */
  region: string[];
  firstWeight: number;
  firstFee: number;
  additionalWeight: number;
  additionalFee: number;
}
interface TemplateForm {
  name: string;
  expressCompanyCode: string;
  deliveryMethod: 1 | 2;
  areas: AreaForm[];
}

const fen = (yuan: number) => Math.round(yuan * 100);

export default function FreightTemplateFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const [form] = Form.useForm<TemplateForm>();
  const [problems, setProblems] = useState<CheckProblem[] | null>(null);
  const [saving, setSaving] = useState(false);
  const existing = useFreightTemplates({ pageSize: 100 });
  const editing = id ? existing.data?.voList.find((r) => r.id === id) : undefined;
  // The region cascader the address forms use, down to cities: a province alone prices the whole province.
  const regions = useRegionOptions();
  const regionOptions = useMemo(() => provinceCityOptions(regions.data ?? []), [regions.data]);

  useEffect(() => {
    if (editing)
      form.setFieldsValue({
        name: editing.name,
        expressCompanyCode: editing.expressCompanyCode,
        deliveryMethod: editing.deliveryMethod as 1 | 2,
        areas: editing.areas.map((a) => ({ region: a.city ? [a.province, a.city] : [a.province], firstWeight: a.firstWeight, firstFee: a.firstFee / 100, additionalWeight: a.additionalWeight, additionalFee: a.additionalFee / 100 })),
      });
  }, [editing, form]);

  const payload = (v: TemplateForm) => ({
    name: v.name,
    expressCompanyCode: v.expressCompanyCode,
    deliveryMethod: v.deliveryMethod,
    areas: v.areas.map((a) => ({ province: a.region[0] ?? '', city: a.region[1] ?? null, firstWeight: a.firstWeight, firstFee: fen(a.firstFee), additionalWeight: a.additionalWeight, additionalFee: fen(a.additionalFee) })),
  });

  const check = async () => {
    const v = await form.validateFields();
    try {
      const result = await freightApi.checkTemplate({ ...payload(v), ...(id ? { id } : {}), enabled: editing?.enabled ?? true });
      setProblems(result.problems);
    } catch (error) {
      toast.error(freightErrorMessage(error));
    }
  };

  const save = async (v: TemplateForm) => {
    setSaving(true);
    try {
      if (editing) await freightApi.updateTemplate({ ...payload(v), id: editing.id, version: editing.version });
      else await freightApi.createTemplate(payload(v));
      toast.success(t('freight:form.saved', { name: v.name }));
      navigate('/config/freightTemplate');
    } catch (error) {
      toast.error(freightErrorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <PageTitle title={t(id ? 'freight:form.editTitle' : 'freight:form.createTitle')} />
      <Form<TemplateForm> form={form} layout="vertical" initialValues={{ deliveryMethod: 1, areas: [{ region: [], firstWeight: 1000, firstFee: 0, additionalWeight: 1000, additionalFee: 0 }] }} onFinish={save} style={{ maxWidth: 1100 }}>
        <Space size="large" wrap>
          <Form.Item name="name" label={t('freight:fields.name')} rules={[{ required: true, whitespace: true, message: t('freight:form.nameRequired') }]}>
            <Input maxLength={50} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="expressCompanyCode" label={t('freight:fields.carrier')} rules={[{ required: true, message: t('freight:form.carrierRequired') }]}>
            <ExpressCompanySelect aria-label={t('freight:fields.carrier')} valueField="code" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="deliveryMethod" label={t('freight:fields.deliveryMethod')} rules={[{ required: true }]}>
            <Radio.Group options={[1, 2].map((m) => ({ value: m, label: t(`freight:deliveryMethod.${m}`) }))} />
          </Form.Item>
        </Space>
        <Typography.Title level={5}>{t('freight:fields.areas')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('freight:form.areasHint')}</Typography.Paragraph>
        <Form.List name="areas">
          {(fields, { add, remove }) => (
            <>
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={fields}
                columns={[
                  {
                    title: `${t('freight:fields.province')} / ${t('freight:fields.city')}`,
                    width: 260,
                    render: (_, f) => (
                      <Form.Item noStyle name={[f.name, 'region']} rules={[{ required: true, type: 'array', min: 1, message: t('freight:form.provinceRequired') }]}>
                        <Cascader
                          aria-label={t('freight:fields.province')}
                          options={regionOptions}
                          loading={regions.isLoading}
                          changeOnSelect
                          showSearch={{ filter: (input, path) => path.some((o) => String(o.label).includes(input.trim())) }}
                          placeholder={`${t('freight:fields.province')} / ${t('freight:form.wholeProvince')}`}
                          style={{ width: 240 }}
                        />
                      </Form.Item>
                    ),
                  },
                  { title: t('freight:fields.firstWeight'), render: (_, f) => <Form.Item noStyle name={[f.name, 'firstWeight']} rules={[{ required: true }]}><InputNumber aria-label={t('freight:fields.firstWeight')} min={1} max={1_000_000} precision={0} addonAfter="g" /></Form.Item> },
                  { title: t('freight:fields.firstFee'), render: (_, f) => <Form.Item noStyle name={[f.name, 'firstFee']} rules={[{ required: true }]}><InputNumber aria-label={t('freight:fields.firstFee')} min={0} max={1_000_000} precision={2} addonBefore="¥" /></Form.Item> },
                  { title: t('freight:fields.additionalWeight'), render: (_, f) => <Form.Item noStyle name={[f.name, 'additionalWeight']} rules={[{ required: true }]}><InputNumber aria-label={t('freight:fields.additionalWeight')} min={1} max={1_000_000} precision={0} addonAfter="g" /></Form.Item> },
                  { title: t('freight:fields.additionalFee'), render: (_, f) => <Form.Item noStyle name={[f.name, 'additionalFee']} rules={[{ required: true }]}><InputNumber aria-label={t('freight:fields.additionalFee')} min={0} max={1_000_000} precision={2} addonBefore="¥" /></Form.Item> },
                  { key: 'remove', render: (_, f) => <Button aria-label={t('freight:delete')} type="text" danger icon={<DeleteOutlined />} disabled={fields.length === 1} onClick={() => remove(f.name)} /> },
                ]}
              />
              <Button style={{ marginTop: 8 }} icon={<PlusOutlined />} onClick={() => add({ region: [], firstWeight: 1000, firstFee: 0, additionalWeight: 1000, additionalFee: 0 })}>
                {t('freight:form.addArea')}
              </Button>
            </>
          )}
        </Form.List>
        {problems && (
          <Alert style={{ marginTop: 16 }} type={problems.length ? 'warning' : 'success'} showIcon message={problems.length ? t('freight:form.problems') : t('freight:form.noProblems')} description={problems.length ? problems.map((p) => <div key={p.field + p.message}>{p.message}</div>) : undefined} />
        )}
        <Space style={{ marginTop: 16 }}>
          <Button onClick={() => void check()}>{t('freight:form.check')}</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('freight:form.save')}
          </Button>
          <Button onClick={() => navigate('/config/freightTemplate')}>{t('freight:form.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
