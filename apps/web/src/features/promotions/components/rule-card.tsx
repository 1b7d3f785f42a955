// One rule of a promotion: its type, mode, repetition, need-buy goods and its tiers
// (conditions), each tier with its thresholds, gifts and random-gift options.
import { Alert, Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, Tooltip } from 'antd';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PROMOTION_RULE_TRAITS, PROMOTION_RULE_TYPES, type PromotionRuleType } from '@openseller/core';
import { i18next } from '../../../app/i18n';
import { emptyCondition, type ConditionValues, type GoodsItem } from '../editor-values';
import { GoodsListField } from './goods-list-field';

const v = (key: string, params?: Record<string, unknown>) => i18next.t(`promotions:validation.${key}`, params);

/** A list of goods: at least one, every quantity a whole number from 1. */
const goodsRules = (emptyKey: string): Rule[] => [
  {
    validator(_rule, items: GoodsItem[] | undefined) {
      if (!items?.length) return Promise.reject(new Error(v(emptyKey)));
      if (items.some((i) => !Number.isInteger(i.qty) || i.qty < 1)) return Promise.reject(new Error(v('qtyPositive')));
      return Promise.resolve();
    },
  },
];

const required = (key: string): Rule => ({ required: true, message: v(key) });

/** An upper bound above the lower bound of the same tier. */
const aboveRule =
  (path: (string | number)[]): Rule =>
  ({ getFieldValue }) => ({
    validator(_rule, upper: string | number | null | undefined) {
      const lower = getFieldValue(path) as string | number | null | undefined;
      if (upper === null || upper === undefined || upper === '' || lower === null || lower === undefined || lower === '') return Promise.resolve();
      return Number(upper) > Number(lower) ? Promise.resolve() : Promise.reject(new Error(v('upperAboveLower')));
    },
  });

interface Props {
  // Untyped: the paths here are built from the rule's index.
  form: FormInstance;
  index: number;
  onRemove?: () => void;
}

export function RuleCard({ form, index, onRemove }: Props) {
  const { t } = useTranslation();
  const base = ['ruleList', index];
  const ruleType = (Form.useWatch([...base, 'ruleType'], form) ?? 'AMOUNT_TYPE') as PromotionRuleType;
  const ruleMode = Form.useWatch([...base, 'ruleMode'], form) ?? 1;
  const onlineSku = !!Form.useWatch([...base, 'onlineSku'], form);
  const conditions = (Form.useWatch([...base, 'conditionList'], form) ?? []) as ConditionValues[];
  const traits = PROMOTION_RULE_TRAITS[ruleType];
  const fields = traits.fields;

  const setMode = (mode: 1 | 2) => {
    const list = (form.getFieldValue([...base, 'conditionList']) ?? []) as ConditionValues[];
    // Single mode keeps one condition; multi-tier starts with two.
    if (mode === 1) form.setFieldValue([...base, 'conditionList'], list.slice(0, 1));
    else if (list.length < 2) form.setFieldValue([...base, 'conditionList'], [...list, emptyCondition()]);
  };

  const qtyNeedBuyLabel = t(`promotions:fields.qtyNeedBuy_${ruleType}`, { defaultValue: t('promotions:fields.qtyNeedBuy') });

  return (
    <Card
      size="small"
      title={t('promotions:editor.rule', { n: index + 1 })}
      style={{ marginBottom: 16 }}
      extra={
        onRemove && (
          <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={onRemove}>
            {t('promotions:editor.removeRule')}
          </Button>
        )
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item name={[index, 'ruleType']} label={t('promotions:fields.ruleType')} extra={t(`promotions:ruleHelp.${ruleType}`)}>
            <Select
              options={PROMOTION_RULE_TYPES.map((type) => ({ value: type, label: t(`promotions:ruleTypes.${type}`) }))}
              onChange={(type: PromotionRuleType) => {
                if (!PROMOTION_RULE_TRAITS[type].repeatable) form.setFieldValue([...base, 'repeatable'], false);
                if (!PROMOTION_RULE_TRAITS[type].needsGoods) form.setFieldValue([...base, 'onlineSku'], false);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name={[index, 'ruleMode']} label={t('promotions:fields.ruleMode')}>
            <Radio.Group
              optionType="button"
              onChange={(e) => setMode(e.target.value as 1 | 2)}
              options={[
                { value: 1, label: t('promotions:modes.1') },
                { value: 2, label: t('promotions:modes.2') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name={[index, 'repeatable']} label={t('promotions:fields.repeatable')} valuePropName="checked" tooltip={t('promotions:fields.repeatableHelp')}>
            <Switch disabled={!traits.repeatable} />
          </Form.Item>
        </Col>
        {traits.needsGoods && (
          <Col xs={12} md={4}>
            <Form.Item name={[index, 'onlineSku']} label={t('promotions:fields.onlineSku')} valuePropName="checked" tooltip={t('promotions:fields.onlineSkuHelp')}>
              <Switch onChange={() => form.setFieldValue([...base, 'needBuy'], [])} />
            </Form.Item>
          </Col>
        )}
      </Row>

      {traits.needsGoods && (
        <Form.Item
          name={[index, 'needBuy']}
          label={t(`promotions:fields.needBuy_${ruleType}`, { defaultValue: t('promotions:fields.needBuy') })}
          rules={goodsRules('needBuyRequired')}
          required
        >
          <GoodsListField
            online={onlineSku}
            addLabel={onlineSku ? t('promotions:goods.addOnline') : t('promotions:goods.add')}
            qtyLabel={ruleType === 'SKU_QTY_TYPE' ? t('promotions:goods.qtyInSet') : t('promotions:goods.qty')}
          />
        </Form.Item>
      )}

      {ruleMode === 2 && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('promotions:editor.tiersExplain')} />}

      <Form.List name={[index, 'conditionList']}>
        {(tiers, { add, remove }, { errors }) => (
          <>
            {tiers.map((tier, tierIndex) => {
              const path = [...base, 'conditionList', tier.name];
              const randomGift = !!conditions[tierIndex]?.randomGift;
              const giftCount = conditions[tierIndex]?.gifts?.length ?? 0;
              return (
                <Card
                  key={tier.key}
                  type="inner"
                  size="small"
                  style={{ marginBottom: 12 }}
                  title={ruleMode === 2 ? t('promotions:editor.tier', { n: tierIndex + 1 }) : t('promotions:editor.condition')}
                  extra={
                    ruleMode === 2 &&
                    tiers.length > 2 && (
                      <Tooltip title={t('promotions:editor.removeTier')}>
                        <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('promotions:editor.removeTier')} onClick={() => remove(tier.name)} />
                      </Tooltip>
                    )
                  }
                >
                  <Row gutter={16}>
                    {fields.includes('amountMoreThan') && (
                      <>
                        <Col xs={12} md={6}>
                          <Form.Item
                            name={[tier.name, 'amountMoreThan']}
                            label={t('promotions:fields.amountMoreThan')}
                            rules={[required('thresholdRequired'), { validator: (_r, val) => (val === null || val === undefined || Number(val) > 0 ? Promise.resolve() : Promise.reject(new Error(v('amountPositive')))) }]}
                          >
                            <InputNumber stringMode min="0" precision={4} style={{ width: '100%' }} prefix="¥" />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={6}>
                          <Form.Item
                            name={[tier.name, 'amountLessThan']}
                            label={t('promotions:fields.amountLessThan')}
                            dependencies={[[...path, 'amountMoreThan']]}
                            rules={[aboveRule([...path, 'amountMoreThan'])]}
                            tooltip={t('promotions:fields.lessThanHelp')}
                          >
                            <InputNumber stringMode min="0" precision={4} style={{ width: '100%' }} prefix="¥" />
                          </Form.Item>
                        </Col>
                      </>
                    )}
                    {fields.includes('qtyMoreThan') && (
                      <>
                        <Col xs={12} md={6}>
                          <Form.Item name={[tier.name, 'qtyMoreThan']} label={t('promotions:fields.qtyMoreThan')} rules={[required('thresholdRequired')]}>
                            <InputNumber min={1} max={99999} precision={0} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={6}>
                          <Form.Item
                            name={[tier.name, 'qtyLessThan']}
                            label={t('promotions:fields.qtyLessThan')}
                            dependencies={[[...path, 'qtyMoreThan']]}
                            rules={[aboveRule([...path, 'qtyMoreThan'])]}
                            tooltip={t('promotions:fields.lessThanHelp')}
                          >
                            <InputNumber min={1} max={99999} precision={0} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                      </>
                    )}
                    {fields.includes('qtyNeedBuy') && (
                      <Col xs={12} md={8}>
                        <Form.Item name={[tier.name, 'qtyNeedBuy']} label={qtyNeedBuyLabel} tooltip={t('promotions:fields.qtyNeedBuyHelp')}>
                          <InputNumber min={1} max={99999} precision={0} placeholder="1" style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                    )}
                    {fields.includes('sellerMessage') && (
                      <>
                        <Col xs={24} md={12}>
                          <Form.Item
                            name={[tier.name, 'sellerMessage']}
                            label={t('promotions:fields.sellerMessage')}
                            extra={t('promotions:fields.messageHelp')}
                            dependencies={[[...path, 'buyerMessage']]}
                            rules={[
                              { max: 200 },
                              ({ getFieldValue }) => ({
                                validator: (_r, val: string | undefined) =>
                                  val?.trim() || (getFieldValue([...path, 'buyerMessage']) as string | undefined)?.trim() ? Promise.resolve() : Promise.reject(new Error(v('messageRequired'))),
                              }),
                            ]}
                          >
                            <Input />
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={12}>
                          <Form.Item name={[tier.name, 'buyerMessage']} label={t('promotions:fields.buyerMessage')} extra={t('promotions:fields.messageHelp')} rules={[{ max: 200 }]}>
                            <Input />
                          </Form.Item>
                        </Col>
                      </>
                    )}
                  </Row>
                  <Form.Item
                    name={[tier.name, 'gifts']}
                    label={t(`promotions:fields.gifts_${ruleType}`, { defaultValue: t('promotions:fields.gifts') })}
                    rules={goodsRules('giftsRequired')}
                    required
                  >
                    <GoodsListField addLabel={t('promotions:goods.addGift')} qtyLabel={t('promotions:goods.giftQty')} />
                  </Form.Item>
                  <Space align="start" wrap>
                    <Form.Item name={[tier.name, 'randomGift']} valuePropName="checked" label={t('promotions:fields.randomGift')} tooltip={t('promotions:fields.randomGiftHelp')}>
                      <Switch />
                    </Form.Item>
                    {randomGift && (
                      <Form.Item
                        name={[tier.name, 'randomKind']}
                        label={t('promotions:fields.randomKind')}
                        dependencies={[[...path, 'gifts']]}
                        rules={[
                          required('randomKindRequired'),
                          {
                            validator: (_r, val: number | null | undefined) =>
                              !val || !giftCount || val <= giftCount ? Promise.resolve() : Promise.reject(new Error(v('randomKindTooMany', { count: giftCount }))),
                          },
                        ]}
                      >
                        <InputNumber min={1} max={100} precision={0} />
                      </Form.Item>
                    )}
                  </Space>
                </Card>
              );
            })}
            {ruleMode === 2 && tiers.length < 10 && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(emptyCondition())} block>
                {t('promotions:editor.addTier')}
              </Button>
            )}
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Card>
  );
}
