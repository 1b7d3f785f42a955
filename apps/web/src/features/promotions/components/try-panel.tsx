// "Try it": runs the evaluator of packages/core in the browser on a sample order typed here,
// against the promotion being edited or the domain's open promotions. Nothing is saved.
import { useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Empty, Form, Input, InputNumber, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlayCircleOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  evaluatePromotions,
  seededPromotionRandom,
  type EvaluablePromotion,
  type PromotionEvaluation,
  type PromotionOutcome,
} from '@openseller/core';
import { SkuPicker } from '../../goods/components/sku-picker';
import { usePromotionStores } from '../queries';

interface SampleLine {
  key: number;
  skuId: number | null;
  skuCode: string | null;
  skuName: string | null;
  tbSkuId: string;
  qty: number | null;
  price: string | null;
}

interface SampleFacts {
  storeId?: number;
  buyerNick?: string;
  payTime: Dayjs;
  sellerMessage?: string;
  buyerMessage?: string;
  orderAmount?: string | null;
  seed: number;
}

const OUTCOME_COLORS: Record<PromotionOutcome, string> = {
  GIVEN: 'green',
  CLOSED: 'default',
  OUTSIDE_TIME: 'orange',
  OTHER_STORE: 'orange',
  NICK_NOT_INCLUDED: 'orange',
  NICK_EXCLUDED: 'orange',
  CAP_REACHED: 'red',
  NO_RULE_MET: 'default',
};

let nextKey = 1;

interface Props {
  /** The promotions to try, read when "Run" is pressed (the editor reads its form then). */
  promotions: () => EvaluablePromotion[] | Promise<EvaluablePromotion[]>;
  /** Shown above the sample order. */
  intro: string;
  /** A problem with the promotions that prevents a run (e.g. the form does not validate). */
  beforeRun?: () => Promise<boolean>;
}

export function TryPanel({ promotions, intro, beforeRun }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SampleFacts>();
  const stores = usePromotionStores();
  const [lines, setLines] = useState<SampleLine[]>([]);
  const [picking, setPicking] = useState(false);
  const [result, setResult] = useState<{ evaluation: PromotionEvaluation; names: Map<number, string> } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const setLine = (key: number, patch: Partial<SampleLine>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const run = async () => {
    setProblem(null);
    if (beforeRun && !(await beforeRun())) {
      setResult(null);
      setProblem(t('promotions:try.fixEditor'));
      return;
    }
    const facts = await form.validateFields();
    const list = await promotions();
    const evaluation = evaluatePromotions(
      {
        storeId: facts.storeId ?? null,
        buyerNick: facts.buyerNick ?? null,
        payTime: facts.payTime.toDate(),
        sellerMessage: facts.sellerMessage ?? null,
        buyerMessage: facts.buyerMessage ?? null,
        orderAmount: facts.orderAmount ?? null,
        lines: lines
          .filter((l) => (l.qty ?? 0) > 0)
          .map((l) => ({ skuId: l.skuId, skuCode: l.skuCode, tbSkuId: l.tbSkuId.trim() || null, qty: l.qty!, price: l.price })),
      },
      list,
      { random: seededPromotionRandom(facts.seed) },
    );
    setResult({ evaluation, names: new Map(list.map((p) => [p.id, p.name])) });
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {intro}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ payTime: dayjs(), seed: 1 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="storeId" label={t('promotions:try.store')}>
              <Select allowClear placeholder={t('promotions:try.noStore')} options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="payTime" label={t('promotions:try.payTime')} rules={[{ required: true, message: t('promotions:validation.payTimeRequired') }]}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="buyerNick" label={t('promotions:try.buyerNick')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="sellerMessage" label={t('promotions:try.sellerMessage')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="buyerMessage" label={t('promotions:try.buyerMessage')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="orderAmount" label={t('promotions:try.orderAmount')} tooltip={t('promotions:try.orderAmountHelp')}>
              <InputNumber stringMode min="0" precision={4} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="seed" label={t('promotions:try.seed')} tooltip={t('promotions:try.seedHelp')} rules={[{ required: true }]}>
              <InputNumber min={0} max={2 ** 31} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>

      <Card size="small" title={t('promotions:try.lines')}>
        <Table<SampleLine>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={lines}
          locale={{ emptyText: t('promotions:try.noLines') }}
          columns={[
            { title: t('promotions:try.goods'), render: (_, l) => (l.skuId ? `${l.skuCode ?? ''} ${l.skuName ?? ''}` : '-') },
            {
              title: t('promotions:goods.tbSkuId'),
              width: 180,
              render: (_, l) => <Input size="small" value={l.tbSkuId} aria-label={t('promotions:goods.tbSkuId')} onChange={(e) => setLine(l.key, { tbSkuId: e.target.value })} />,
            },
            {
              title: t('promotions:goods.qty'),
              width: 110,
              render: (_, l) => <InputNumber size="small" min={1} precision={0} value={l.qty} aria-label={t('promotions:goods.qty')} onChange={(qty) => setLine(l.key, { qty })} />,
            },
            {
              title: t('promotions:goods.price'),
              width: 130,
              render: (_, l) => (
                <InputNumber size="small" stringMode min="0" precision={4} value={l.price} aria-label={t('promotions:goods.price')} onChange={(price) => setLine(l.key, { price })} />
              ),
            },
            {
              width: 48,
              render: (_, l) => (
                <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('promotions:try.removeLine')} onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))} />
              ),
            },
          ]}
        />
        <Space style={{ marginTop: 8 }}>
          <Button size="small" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
            {t('promotions:try.addGoods')}
          </Button>
          <Button size="small" onClick={() => setLines((all) => [...all, { key: nextKey++, skuId: null, skuCode: null, skuName: null, tbSkuId: '', qty: 1, price: null }])}>
            {t('promotions:try.addOnlineLine')}
          </Button>
        </Space>
      </Card>

      <Space>
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={run}>
          {t('promotions:try.run')}
        </Button>
        <Button icon={<ThunderboltOutlined />} onClick={() => form.setFieldValue('seed', Math.floor(Math.random() * 2 ** 31))}>
          {t('promotions:try.newSeed')}
        </Button>
      </Space>

      {problem && <Alert type="warning" showIcon message={problem} />}
      {result && (
        <Card size="small" title={t('promotions:try.result')}>
          {result.evaluation.outcomes.length === 0 ? (
            <Empty description={t('promotions:try.noPromotions')} />
          ) : (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space wrap>
                {result.evaluation.outcomes.map((o) => (
                  <Tag key={o.promotionId} color={OUTCOME_COLORS[o.outcome]}>
                    {result.names.get(o.promotionId) || t('promotions:try.thisPromotion')}: {t(`promotions:outcomes.${o.outcome}`)}
                  </Tag>
                ))}
              </Space>
              <Table
                rowKey={(g) => `${g.promotionId}-${g.ruleIndex}-${g.tierIndex}-${g.skuId}`}
                size="small"
                pagination={false}
                dataSource={result.evaluation.gifts}
                locale={{ emptyText: t('promotions:try.noGifts') }}
                columns={[
                  { title: t('promotions:goods.code'), dataIndex: 'skuCode', width: 150 },
                  { title: t('promotions:goods.name'), dataIndex: 'skuName' },
                  { title: t('promotions:goods.giftQty'), dataIndex: 'qty', width: 120, align: 'right' },
                  {
                    title: t('promotions:try.source'),
                    render: (_, g) => (
                      <Space size={4} wrap>
                        <span>{result.names.get(g.promotionId) || t('promotions:try.thisPromotion')}</span>
                        <Tag>{t('promotions:editor.rule', { n: g.ruleIndex + 1 })}</Tag>
                        <Tag color="blue">{t(`promotions:ruleTypes.${g.ruleType}`)}</Tag>
                        <Tag>{t('promotions:editor.tier', { n: g.tierIndex + 1 })}</Tag>
                        {g.times > 1 && <Tag color="gold">{t('promotions:try.times', { count: g.times })}</Tag>}
                        {g.random && <Tag color="purple">{t('promotions:try.random')}</Tag>}
                      </Space>
                    ),
                  },
                ]}
              />
            </Space>
          )}
        </Card>
      )}
      <SkuPicker
        open={picking}
        onClose={() => setPicking(false)}
        onConfirm={(skus) =>
          setLines((all) => [...all, ...skus.map((s) => ({ key: nextKey++, skuId: s.id, skuCode: s.code, skuName: s.name, tbSkuId: '', qty: 1, price: s.price }))])
        }
      />
    </Space>
  );
}
