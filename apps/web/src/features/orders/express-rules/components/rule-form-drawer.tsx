// A drawer that adds or edits one rule of a type: the carrier and the type's own fields
// (province with its excepted cities, weight range, store, keyword, SKU code).
import { useEffect } from 'react';
import { Button, Drawer, Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CUSTOM_KEYWORD_SOURCES, type ExpressRuleCondition, type ExpressRuleType, type RegionTreeNode } from '@openseller/core';
import { useRegionOptions } from '../../../../ui/address-fields';
import { requiredRule } from '../../../../ui/form-rules';
import { ExpressCompanySelect } from '../../../express/components/express-company-select';
import { StoreSelect } from '../../../stores/components/store-select';

export interface DraftRule {
  /** A key of the draft list (the rule id, or a made-up one for new rules). */
  key: string;
  id?: number;
  version?: number;
  usable: boolean;
  ruleCondition: ExpressRuleCondition;
}

const WEIGHT = /^\d{1,8}(\.\d{1,3})?$/;

export function regionLabel(node: RegionTreeNode, language: string) {
  return language.startsWith('zh') ? node.label : `${node.labelEn} ${node.label}`;
}

export function RuleFormDrawer({
  type,
  rule,
  open,
  tree,
  onClose,
  onDone,
}: {
  type: ExpressRuleType;
  rule: DraftRule | null;
  open: boolean;
  tree: RegionTreeNode[];
  onClose: () => void;
  onDone: (rule: { usable: boolean; ruleCondition: ExpressRuleCondition }) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm();
  const province = Form.useWatch(['ruleCondition', 'province'], form) as string | undefined;
  // The excepted cities come from the official divisions (every city of every province).
  const regions = useRegionOptions();
  const cities = regions.data?.find((p) => p.value === province)?.children ?? tree.find((p) => p.value === province)?.children ?? [];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(rule ? { usable: rule.usable, ruleCondition: { keywordIn: 'ANY', ...rule.ruleCondition } } : { usable: true, ruleCondition: { keywordIn: 'ANY' } });
  }, [open, rule, form]);

  const submit = async () => {
    const values = (await form.validateFields()) as { usable: boolean; ruleCondition: ExpressRuleCondition };
    const c = Object.fromEntries(Object.entries(values.ruleCondition).filter(([, v]) => v !== undefined && v !== null && v !== '')) as ExpressRuleCondition;
    onDone({ usable: values.usable, ruleCondition: c });
  };

  const weightRules = [{ pattern: WEIGHT, message: t('expressrules:form.weightInvalid') }];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={520}
      destroyOnHidden
      title={t(rule ? 'expressrules:form.editTitle' : 'expressrules:form.addTitle', { type: t(`expressrules:types.${type}`) })}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="primary" onClick={submit}>
            {t('expressrules:form.ok')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item name={['ruleCondition', 'expressCompanyCode']} label={t('expressrules:fields.expressCompany')} rules={[{ required: true, message: t('expressrules:form.required') }]}>
          <ExpressCompanySelect valueField="code" />
        </Form.Item>
        {type === 'BY_AREA' && (
          <>
            <Form.Item name={['ruleCondition', 'province']} label={t('expressrules:fields.province')} rules={[{ required: true, message: t('expressrules:form.required') }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={tree.map((p) => ({ value: p.value, label: regionLabel(p, i18n.language) }))}
                onChange={() => form.setFieldValue(['ruleCondition', 'areaExceptions'], [])}
              />
            </Form.Item>
            <Form.Item name={['ruleCondition', 'areaExceptions']} label={t('expressrules:fields.areaExceptions')} extra={t('expressrules:form.areaExceptionsHelp')}>
              <Select mode="tags" showSearch={{ optionFilterProp: 'label' }} options={cities.map((c) => ({ value: c.value, label: c.label }))} />
            </Form.Item>
          </>
        )}
        {type === 'BY_WEIGHT' && (
          <Space.Compact block>
            <Form.Item name={['ruleCondition', 'weightMin']} label={t('expressrules:fields.weightMin')} rules={weightRules} style={{ flex: 1 }}>
              <Input suffix="kg" />
            </Form.Item>
            <Form.Item
              name={['ruleCondition', 'weightMax']}
              label={t('expressrules:fields.weightMax')}
              style={{ flex: 1 }}
              dependencies={[['ruleCondition', 'weightMin']]}
              rules={[
                ...weightRules,
                ({ getFieldValue }) => ({
                  validator: (_, value) => {
                    const min = getFieldValue(['ruleCondition', 'weightMin']);
                    if (!min && !value) return Promise.reject(new Error(t('expressrules:form.weightNeeded')));
                    if (min && value && Number(min) >= Number(value)) return Promise.reject(new Error(t('expressrules:errors.ERR_EXPRESS_RULE_WEIGHT_RANGE')));
                    return Promise.resolve();
                  },
                }),
              ]}
            >
              <Input suffix="kg" />
            </Form.Item>
          </Space.Compact>
        )}
        {type === 'BY_STORE' && (
          <Form.Item name={['ruleCondition', 'storeId']} label={t('expressrules:fields.store')} rules={[{ required: true, message: t('expressrules:form.required') }]}>
            <StoreSelect />
          </Form.Item>
        )}
        {type === 'BY_CUSTOM' && (
          <>
            <Form.Item name={['ruleCondition', 'keyword']} label={t('expressrules:fields.keyword')} rules={[requiredRule(), { max: 100 }]} extra={t('expressrules:form.keywordHelp')}>
              <Input />
            </Form.Item>
            <Form.Item name={['ruleCondition', 'keywordIn']} label={t('expressrules:fields.keywordIn')}>
              <Select options={CUSTOM_KEYWORD_SOURCES.map((s) => ({ value: s, label: t(`expressrules:keywordIn.${s}`) }))} />
            </Form.Item>
          </>
        )}
        {type === 'BY_SKU' && (
          <>
            <Form.Item name={['ruleCondition', 'skuCode']} label={t('expressrules:fields.skuCode')} rules={[requiredRule(), { max: 100 }]}>
              <Input />
            </Form.Item>
            <Form.Item name={['ruleCondition', 'skuName']} label={t('expressrules:fields.skuName')} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
          </>
        )}
        <Form.Item name="usable" label={t('expressrules:fields.usable')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
