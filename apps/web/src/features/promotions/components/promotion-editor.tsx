// Create or edit a promotion (spec 02 §3.3): name, time window, store scope, buyer-nick
// condition, total cap, open flag and the rules; a second tab tries the rules on a sample order.
import { useEffect, useState } from 'react';
import { Alert, Button, Col, DatePicker, Divider, Drawer, Form, Input, InputNumber, Radio, Row, Select, Space, Spin, Switch, Tabs } from 'antd';
import type { FormInstance } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NICK_CONDITION_TYPES } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { requiredRule } from '../../../ui/form-rules';
import { useUnsavedChanges } from '../../../ui/unsaved-changes';
import { promotionsApi } from '../api';
import { editorValuesOf, emptyRule, evaluableOf, formPathOf, newEditorValues, payloadOf, type EditorValues } from '../editor-values';
import { usePromotion, usePromotionStores, usePromotionsMutation } from '../queries';
import { RuleCard } from './rule-card';
import { TryPanel } from './try-panel';

/** Puts each server refusal next to its field; answers the ones no field could take. */
function showServerErrors(form: FormInstance, error: ApiError): string | null {
  const entries = new Map<string, { name: (string | number)[]; errors: string[] }>();
  const put = (field: string | undefined, message: string) => {
    const name = field ? formPathOf(field) : null;
    if (!name) return false;
    const key = name.join('.');
    entries.set(key, { name, errors: [...(entries.get(key)?.errors ?? []), message] });
    return true;
  };
  const field = typeof error.params.field === 'string' ? error.params.field : undefined;
  let placed = put(field, errorMessage(error));
  for (const problem of error.fields) placed = put(problem.field, problem.message) || placed;
  form.setFields([...entries.values()]);
  return placed ? null : errorMessage(error);
}

export function PromotionEditor({ editing, onClose }: { editing: number | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditorValues>();
  const id = typeof editing === 'number' ? editing : null;
  const loaded = usePromotion(id);
  const stores = usePromotionStores();
  const [tab, setTab] = useState('settings');
  const [error, setError] = useState<string | null>(null);
  // Changed by the user since the promotion was loaded (loading uses setFieldsValue, not a change).
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(editing !== null && changed);
  const nickType = Form.useWatch('nickConditionType', form);

  useEffect(() => {
    setError(null);
    setTab('settings');
    setChanged(false);
    if (editing === 'new') form.setFieldsValue(newEditorValues());
    else if (loaded.data && loaded.data.id === id) form.setFieldsValue(editorValuesOf(loaded.data));
  }, [editing, loaded.data, id, form]);

  const save = usePromotionsMutation(async (values: EditorValues) => {
    const payload = payloadOf(values);
    if (id && loaded.data) return promotionsApi.update({ ...payload, id, version: loaded.data.version });
    return promotionsApi.create(payload);
  });

  const submit = async () => {
    setError(null);
    try {
      await form.validateFields();
    } catch {
      setTab('settings');
      return;
    }
    save.mutate(form.getFieldsValue(true) as EditorValues, {
      onSuccess: () => {
        toast.success(t('common:saved'));
        onClose();
      },
      onError: (e) => {
        setTab('settings');
        setError(e instanceof ApiError ? showServerErrors(form, e) : (e as Error).message);
      },
    });
  };

  const loading = id !== null && (loaded.isPending || loaded.data?.id !== id);

  return (
    <Drawer
      open={editing !== null}
      width={1080}
      title={editing === 'new' ? t('promotions:editor.add') : t('promotions:editor.edit')}
      onClose={onClose}
      destroyOnHidden
      maskClosable={false}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={submit} disabled={loading}>
            {t('common:actions.save')}
          </Button>
        </Space>
      }
    >
      {loaded.isError && <Alert type="error" showIcon message={errorMessage(loaded.error as ApiError)} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} closable onClose={() => setError(null)} />}
      {loading && !loaded.isError ? (
        <Spin />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'settings',
              label: t('promotions:editor.settings'),
              forceRender: true,
              children: (
                <Form form={form} layout="vertical" scrollToFirstError onValuesChange={() => setChanged(true)}>
                  <Row gutter={16}>
                    <Col xs={24} md={12}>
                      <Form.Item name="name" label={t('promotions:fields.name')} rules={[requiredRule(), { max: 100 }]}>
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={9}>
                      <Form.Item
                        name="range"
                        label={t('promotions:fields.timeWindow')}
                        tooltip={t('promotions:fields.timeWindowHelp')}
                        rules={[
                          { required: true, message: t('promotions:validation.timeRequired') },
                          {
                            validator: (_r, range: EditorValues['range']) =>
                              !range || !range[1].isBefore(range[0]) ? Promise.resolve() : Promise.reject(new Error(t('promotions:validation.endBeforeStart'))),
                          },
                        ]}
                      >
                        <DatePicker.RangePicker showTime style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={3}>
                      <Form.Item name="open" label={t('promotions:fields.open')} valuePropName="checked">
                        <Switch />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12}>
                      <Form.Item name="storeIds" label={t('promotions:fields.storeIds')} extra={t('promotions:fields.storeIdsHelp')}>
                        <Select
                          mode="multiple"
                          allowClear
                          loading={stores.isPending}
                          placeholder={t('promotions:list.allStores')}
                          optionFilterProp="label"
                          options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12}>
                      <Form.Item name="promotionAllCount" label={t('promotions:fields.promotionAllCount')} extra={t('promotions:fields.promotionAllCountHelp')}>
                        <InputNumber min={1} max={1_000_000_000} precision={0} style={{ width: '100%' }} placeholder={t('promotions:list.unlimited')} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12}>
                      <Form.Item name="nickConditionType" label={t('promotions:fields.nickConditionType')}>
                        <Radio.Group options={NICK_CONDITION_TYPES.map((type) => ({ value: type, label: t(`promotions:nickTypes.${type}`) }))} />
                      </Form.Item>
                    </Col>
                    {nickType && nickType !== 'NONE' && (
                      <Col xs={24} md={12}>
                        <Form.Item
                          name="nickText"
                          label={t('promotions:fields.nickList')}
                          extra={t('promotions:fields.nickListHelp')}
                          rules={[{ required: true, whitespace: true, message: t('promotions:validation.nicksRequired') }]}
                        >
                          <Input.TextArea rows={3} />
                        </Form.Item>
                      </Col>
                    )}
                  </Row>
                  <Divider titlePlacement="start">{t('promotions:editor.rules')}</Divider>
                  <Form.List name="ruleList">
                    {(rules, { add, remove }) => (
                      <>
                        {rules.map((rule) => (
                          <RuleCard key={rule.key} form={form} index={rule.name} onRemove={rules.length > 1 ? () => remove(rule.name) : undefined} />
                        ))}
                        {rules.length < 20 && (
                          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(emptyRule())}>
                            {t('promotions:editor.addRule')}
                          </Button>
                        )}
                      </>
                    )}
                  </Form.List>
                </Form>
              ),
            },
            {
              key: 'try',
              label: t('promotions:editor.try'),
              children: (
                <TryPanel
                  intro={t('promotions:try.introEditor')}
                  beforeRun={() => form.validateFields().then(() => true, () => false)}
                  promotions={() => [evaluableOf(form.getFieldsValue(true) as EditorValues, id ?? 0)]}
                />
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
