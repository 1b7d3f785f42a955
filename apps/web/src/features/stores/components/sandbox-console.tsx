// The sandbox marketplace's console for one sandbox store: its items (add a few demo items or
// your own), buyer orders and refunds (generate demo orders, close, confirm, refund), what it
// received from us (stock pushes and shipping feedback), how it misbehaves (failure rate,
// latency, rate limit, token lifetime, failures forced on the next calls, expired or revoked
// tokens), and every call it answered.
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, ExperimentOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  SANDBOX_FAILURE_KINDS,
  SANDBOX_OPERATIONS,
  type SandboxCallRow,
  type SandboxFailureKind,
  type SandboxItemRow,
  type SandboxOperation,
  type SandboxOrderRow,
  type SandboxRefundRow,
  type StoreRow,
} from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { DateTime } from '../../../ui/relative-time';
import { storesApi } from '../api';
import { storesKeys } from '../queries';

const DEMO_ITEMS = [
  { title: '纯棉圆领T恤 Cotton T-shirt', outerId: 'TS-001', skus: [['颜色:白色;尺码:M', 'TS-001-WM', '59.00'], ['颜色:黑色;尺码:L', 'TS-001-BL', '59.00']] },
  { title: '陶瓷马克杯 Ceramic mug', outerId: 'MUG-01', skus: [['容量:350ml', 'MUG-01-350', '29.90']] },
  { title: '帆布托特包 Canvas tote', outerId: 'BAG-07', skus: [['颜色:米色', 'BAG-07-BE', '89.00'], ['颜色:藏青', 'BAG-07-NV', '89.00']] },
] as const;

function useInvalidateSandbox(storeId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: storesKeys.sandbox(storeId) });
}

const showError = (e: unknown) => {
  if (e instanceof ApiError) toast.error(errorMessage(e));
};

// ---- items -----------------------------------------------------------------------------------

interface ItemValues {
  itemId?: string;
  title: string;
  outerId?: string;
  skus: { skuId?: string; properties?: string; outerSkuId?: string; price: string; quantity: number }[];
}

function ItemModal({ storeId, item, onClose }: { storeId: number; item: SandboxItemRow | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ItemValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const invalidate = useInvalidateSandbox(storeId);
  useEffect(() => {
    setError(null);
    if (item === 'new') form.setFieldsValue({ title: '', outerId: '', skus: [{ properties: '', outerSkuId: '', price: '', quantity: 10 }] });
    else if (item) form.setFieldsValue({ itemId: item.itemId, title: item.title, outerId: item.outerId ?? '', skus: item.skus.map((s) => ({ ...s, properties: s.properties ?? '', outerSkuId: s.outerSkuId ?? '' })) });
  }, [item, form]);
  return (
    <Modal
      open={!!item}
      title={item === 'new' ? t('stores:sandbox.items.add') : t('stores:sandbox.items.edit')}
      width={820}
      onCancel={onClose}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={saving}
      maskClosable={false}
      forceRender
      onOk={async () => {
        const values = await form.validateFields();
        setSaving(true);
        try {
          await storesApi.sandbox.saveItem({
            storeId,
            ...(values.itemId ? { itemId: values.itemId } : {}),
            title: values.title,
            outerId: values.outerId,
            skus: values.skus.map((s) => ({ ...(s.skuId ? { skuId: s.skuId } : {}), properties: s.properties, outerSkuId: s.outerSkuId, price: String(s.price), quantity: s.quantity })),
          });
          await invalidate();
          onClose();
        } catch (e) {
          setError(e instanceof ApiError ? errorMessage(e) : String(e));
        } finally {
          setSaving(false);
        }
      }}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form form={form} layout="vertical">
        <Form.Item name="itemId" hidden>
          <Input />
        </Form.Item>
        <Space style={{ width: '100%' }} align="start">
          <Form.Item name="title" label={t('stores:sandbox.items.title')} rules={[{ required: true, whitespace: true, message: t('common:validation.required') }, { max: 200 }]} style={{ width: 440 }}>
            <Input />
          </Form.Item>
          <Form.Item name="outerId" label={t('stores:sandbox.items.outerId')} rules={[{ max: 100 }]} style={{ width: 300 }}>
            <Input />
          </Form.Item>
        </Space>
        <Typography.Text strong>{t('stores:sandbox.items.skus')}</Typography.Text>
        <Form.List name="skus">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="start" style={{ display: 'flex', marginTop: 8 }}>
                  <Form.Item name={[field.name, 'skuId']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[field.name, 'properties']} rules={[{ max: 200 }]} style={{ marginBottom: 0 }}>
                    <Input placeholder={t('stores:sandbox.items.properties')} aria-label={t('stores:sandbox.items.properties')} style={{ width: 220 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'outerSkuId']} rules={[{ max: 100 }]} style={{ marginBottom: 0 }}>
                    <Input placeholder={t('stores:sandbox.items.outerSkuId')} aria-label={t('stores:sandbox.items.outerSkuId')} style={{ width: 170 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'price']}
                    rules={[
                      { required: true, message: t('common:validation.required') },
                      { pattern: /^\d+(\.\d{1,4})?$/, message: t('stores:sandbox.items.priceRule') },
                    ]}
                    style={{ marginBottom: 0 }}
                  >
                    <Input placeholder={t('stores:sandbox.items.price')} aria-label={t('stores:sandbox.items.price')} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'quantity']} rules={[{ required: true, message: t('common:validation.required') }]} style={{ marginBottom: 0 }}>
                    <InputNumber min={0} max={1_000_000} precision={0} placeholder={t('stores:sandbox.items.quantity')} aria-label={t('stores:sandbox.items.quantity')} style={{ width: 100 }} />
                  </Form.Item>
                  {fields.length > 1 && <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('common:actions.delete')} onClick={() => remove(field.name)} />}
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ properties: '', outerSkuId: '', price: '', quantity: 10 })} style={{ marginTop: 8 }} disabled={fields.length >= 50}>
                {t('stores:sandbox.items.addSku')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

function ItemsTab({ storeId }: { storeId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<SandboxItemRow | 'new' | null>(null);
  const [adding, setAdding] = useState(false);
  const invalidate = useInvalidateSandbox(storeId);
  const { data, isFetching } = useQuery({ queryKey: storesKeys.sandboxList(storeId, 'items', page), queryFn: () => storesApi.sandbox.items(storeId, { currentPage: page, pageSize: 10 }) });
  const addDemo = async () => {
    setAdding(true);
    try {
      const stamp = Date.now().toString(36).slice(-4).toUpperCase();
      for (const demo of DEMO_ITEMS) {
        await storesApi.sandbox.saveItem({
          storeId,
          title: demo.title,
          outerId: `${demo.outerId}-${stamp}`,
          skus: demo.skus.map(([properties, outerSkuId, price]) => ({ properties, outerSkuId: `${outerSkuId}-${stamp}`, price, quantity: 20 })),
        });
      }
      toast.success(t('stores:sandbox.items.demoAdded', { count: DEMO_ITEMS.length }));
    } catch (e) {
      showError(e);
    } finally {
      setAdding(false);
      await invalidate();
    }
  };
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('stores:sandbox.items.add')}
        </Button>
        <Button onClick={addDemo} loading={adding}>
          {t('stores:sandbox.items.addDemo')}
        </Button>
      </Space>
      <Table<SandboxItemRow>
        rowKey="itemId"
        size="small"
        loading={isFetching}
        dataSource={data?.voList ?? []}
        pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          {
            title: t('stores:sandbox.items.title'),
            render: (_, item) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{item.title}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('stores:sandbox.items.ids', { itemId: item.itemId, outerId: item.outerId ?? '-' })}
                </Typography.Text>
              </Space>
            ),
          },
          { title: t('stores:sandbox.items.status'), dataIndex: 'status', width: 90, render: (v: string) => <Tag>{t(`stores:sandbox.items.statuses.${v}`)}</Tag> },
          {
            title: t('stores:sandbox.items.skus'),
            render: (_, item) => (
              <Space direction="vertical" size={0}>
                {item.skus.map((s) => (
                  <Typography.Text key={s.skuId} style={{ fontSize: 12 }}>
                    {s.properties ?? s.skuId} · {s.outerSkuId ?? '-'} · ¥{s.price} · {t('stores:sandbox.items.stock', { count: s.quantity })}
                  </Typography.Text>
                ))}
              </Space>
            ),
          },
          {
            title: t('common:actions.title'),
            width: 130,
            render: (_, item) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(item)}>
                  {t('common:actions.edit')}
                </Button>
                <Popconfirm
                  title={t('stores:sandbox.items.confirmDelete', { title: item.title })}
                  okText={t('common:actions.ok')}
                  cancelText={t('common:actions.cancel')}
                  onConfirm={() => storesApi.sandbox.deleteItem(storeId, item.itemId).then(invalidate, showError)}
                >
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ItemModal storeId={storeId} item={editing} onClose={() => setEditing(null)} />
    </>
  );
}

// ---- orders ----------------------------------------------------------------------------------

const ORDER_COLORS: Record<string, string> = { WAIT_SELLER_SEND_GOODS: 'orange', WAIT_BUYER_CONFIRM_GOODS: 'blue', TRADE_FINISHED: 'green', TRADE_CLOSED: 'default' };

function OrdersTab({ storeId }: { storeId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [count, setCount] = useState(5);
  const [generating, setGenerating] = useState(false);
  const invalidate = useInvalidateSandbox(storeId);
  const orders = useQuery({ queryKey: storesKeys.sandboxList(storeId, 'orders', page), queryFn: () => storesApi.sandbox.orders(storeId, { currentPage: page, pageSize: 10 }) });
  const refunds = useQuery({ queryKey: storesKeys.sandboxList(storeId, 'refunds', 1), queryFn: () => storesApi.sandbox.refunds(storeId, { currentPage: 1, pageSize: 10 }) });
  const act = (run: () => Promise<unknown>) => run().then(invalidate, showError);
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <InputNumber min={1} max={100} precision={0} value={count} onChange={(v) => setCount(v ?? 1)} aria-label={t('stores:sandbox.orders.count')} addonBefore={t('stores:sandbox.orders.count')} style={{ width: 190 }} />
        <Button
          type="primary"
          loading={generating}
          onClick={async () => {
            setGenerating(true);
            try {
              const { orderNos } = await storesApi.sandbox.generateOrders(storeId, count);
              toast.success(t('stores:sandbox.orders.generated', { count: orderNos.length }));
            } catch (e) {
              showError(e);
            } finally {
              setGenerating(false);
              await invalidate();
            }
          }}
        >
          {t('stores:sandbox.orders.generate')}
        </Button>
        <Typography.Text type="secondary">{t('stores:sandbox.orders.hint')}</Typography.Text>
      </Space>
      <Table<SandboxOrderRow>
        rowKey="orderNo"
        size="small"
        loading={orders.isFetching}
        dataSource={orders.data?.voList ?? []}
        pagination={{ current: page, pageSize: 10, total: orders.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        expandable={{
          expandedRowRender: (o) => (
            <Space direction="vertical" size={0}>
              {o.lines.map((l, i) => (
                <Typography.Text key={i} style={{ fontSize: 12 }}>
                  {l.title} {l.properties ? `(${l.properties})` : ''} · {l.outerSkuId ?? l.skuId} · ¥{l.price} × {l.qty}
                </Typography.Text>
              ))}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {o.receiverName} {o.receiverPhone} · {o.receiverProvince}
                {o.receiverCity}
                {o.receiverDistrict} {o.receiverAddress}
              </Typography.Text>
            </Space>
          ),
        }}
        columns={[
          { title: t('stores:sandbox.orders.orderNo'), dataIndex: 'orderNo', width: 200 },
          {
            title: t('stores:sandbox.orders.status'),
            dataIndex: 'status',
            width: 130,
            render: (v: string, o) => (
              <>
                <Tag color={ORDER_COLORS[v]}>{t(`stores:sandbox.orders.statuses.${v}`)}</Tag>
                {o.riskControlled && <Tag color="red">{t('stores:sandbox.orders.riskControlled')}</Tag>}
              </>
            ),
          },
          { title: t('stores:sandbox.orders.buyer'), dataIndex: 'buyerNick', width: 90 },
          { title: t('stores:sandbox.orders.amount'), dataIndex: 'amount', width: 100, align: 'right', render: (v: string) => `¥${v}` },
          { title: t('stores:sandbox.orders.shipping'), render: (_, o) => (o.expressNo ? `${o.expressCompanyCode} ${o.expressNo}` : '-') },
          { title: t('stores:sandbox.orders.lastShipTime'), dataIndex: 'lastShipTime', width: 140, render: (v: string | null) => (v ? <DateTime value={v} /> : '-') },
          { title: t('stores:sandbox.orders.updatedAt'), dataIndex: 'updatedAt', width: 140, render: (v: string) => <DateTime value={v} /> },
          {
            title: t('common:actions.title'),
            width: 200,
            render: (_, o) => (
              <Space size={0} wrap>
                {o.status === 'WAIT_SELLER_SEND_GOODS' && (
                  <Button type="link" size="small" onClick={() => act(() => storesApi.sandbox.closeOrder(storeId, o.orderNo))}>
                    {t('stores:sandbox.orders.close')}
                  </Button>
                )}
                {o.status === 'WAIT_SELLER_SEND_GOODS' && !o.riskControlled && (
                  <Button type="link" size="small" onClick={() => act(() => storesApi.sandbox.riskControlOrder(storeId, o.orderNo))}>
                    {t('stores:sandbox.orders.riskControl')}
                  </Button>
                )}
                {o.riskControlled && (
                  <Button type="link" size="small" onClick={() => act(() => storesApi.sandbox.releaseRiskControl(storeId, o.orderNo))}>
                    {t('stores:sandbox.orders.releaseRisk')}
                  </Button>
                )}
                {o.status === 'WAIT_BUYER_CONFIRM_GOODS' && (
                  <Button type="link" size="small" onClick={() => act(() => storesApi.sandbox.finishOrder(storeId, o.orderNo))}>
                    {t('stores:sandbox.orders.finish')}
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => act(() => storesApi.sandbox.createRefund(storeId, o.orderNo))}>
                  {t('stores:sandbox.orders.refund')}
                </Button>
                {(o.status === 'WAIT_BUYER_CONFIRM_GOODS' || o.status === 'TRADE_FINISHED') && (
                  <>
                    <Button type="link" size="small" onClick={() => act(() => storesApi.sandbox.createRefund(storeId, o.orderNo, 'RETURN_REFUND'))}>
                      {t('stores:sandbox.orders.refundReturn')}
                    </Button>
                    <Button type="link" size="small" onClick={() => act(() => storesApi.sandbox.createRefund(storeId, o.orderNo, 'EXCHANGE'))}>
                      {t('stores:sandbox.orders.refundExchange')}
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      {!!refunds.data?.total && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('stores:sandbox.orders.refunds')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('stores:sandbox.orders.refundHint')}</Typography.Paragraph>
          <Table<SandboxRefundRow>
            rowKey="refundId"
            size="small"
            dataSource={refunds.data.voList}
            pagination={false}
            columns={[
              { title: t('stores:sandbox.orders.refundId'), dataIndex: 'refundId' },
              { title: t('stores:sandbox.orders.orderNo'), dataIndex: 'orderNo' },
              { title: t('stores:sandbox.orders.type'), dataIndex: 'type', render: (v: string) => t(`stores:sandbox.orders.refundTypes.${v}`) },
              { title: t('stores:sandbox.orders.refundStatus'), dataIndex: 'status', render: (v: string) => <Tag>{v}</Tag> },
              { title: t('stores:sandbox.orders.amount'), dataIndex: 'refundFee', render: (v: string) => `¥${v}` },
              { title: t('stores:sandbox.orders.buyerParcel'), dataIndex: 'buyerExpressNo', render: (v: string | null) => v ?? '-' },
              { title: t('stores:sandbox.orders.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => <DateTime value={v} /> },
              {
                title: t('common:actions.title'),
                render: (_, r) => (
                  <Space size={0} wrap>
                    {r.status === 'WAIT_BUYER_RETURN_GOODS' && (
                      <Button type="link" size="small" onClick={() => act(() => storesApi.sandbox.returnGoods(storeId, r.refundId, `SF${Date.now()}`))}>
                        {t('stores:sandbox.orders.returnGoods')}
                      </Button>
                    )}
                    {['WAIT_SELLER_AGREE', 'WAIT_BUYER_RETURN_GOODS', 'WAIT_SELLER_CONFIRM_GOODS'].includes(r.status) && (
                      <Button type="link" size="small" onClick={() => act(() => storesApi.sandbox.cancelRefund(storeId, r.refundId))}>
                        {t('stores:sandbox.orders.cancelRefund')}
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </>
      )}
    </>
  );
}

// ---- what it received, and every call ---------------------------------------------------------

const OUTCOME_COLORS: Record<string, string> = { OK: 'green', REJECTED: 'orange', TIMEOUT: 'red', RATE_LIMITED: 'gold', TOKEN_EXPIRED: 'volcano', ERROR: 'red' };

function Payload({ call }: { call: SandboxCallRow }) {
  const { t } = useTranslation();
  const payload = call.payload as Record<string, unknown> | null;
  if (!payload) return <Typography.Text type="secondary">{call.message ?? '-'}</Typography.Text>;
  const results = (payload.results as { key: string; ok: boolean; message: string | null }[] | undefined) ?? [];
  const resultOf = (key: string, index: number) => results[index] ?? results.find((r) => r.key === key);
  if (call.operation === 'pushStock') {
    const updates = (payload.updates as { tbSkuId: string; quantity: number }[]) ?? [];
    return (
      <Space direction="vertical" size={0}>
        {updates.map((u, i) => (
          <Typography.Text key={i} style={{ fontSize: 12 }} type={resultOf(u.tbSkuId, i)?.ok === false ? 'danger' : undefined}>
            {t('stores:sandbox.received.stockLine', { sku: u.tbSkuId, qty: u.quantity })}
            {resultOf(u.tbSkuId, i)?.message ? ` — ${resultOf(u.tbSkuId, i)!.message}` : ''}
          </Typography.Text>
        ))}
      </Space>
    );
  }
  if (call.operation === 'pushShippingFeedback') {
    const feedback = (payload.feedback as { platformNo: string; expressCompanyCode: string; expressNo: string }[]) ?? [];
    return (
      <Space direction="vertical" size={0}>
        {feedback.map((f, i) => (
          <Typography.Text key={i} style={{ fontSize: 12 }} type={resultOf(f.platformNo, i)?.ok === false ? 'danger' : undefined}>
            {t('stores:sandbox.received.feedbackLine', { order: f.platformNo, company: f.expressCompanyCode, no: f.expressNo })}
            {resultOf(f.platformNo, i)?.message ? ` — ${resultOf(f.platformNo, i)!.message}` : ''}
          </Typography.Text>
        ))}
      </Space>
    );
  }
  return <Typography.Text type="secondary" style={{ fontSize: 12 }}>{JSON.stringify(payload)}</Typography.Text>;
}

function CallsTab({ storeId, receivedOnly }: { storeId: number; receivedOnly: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [operation, setOperation] = useState<SandboxOperation | undefined>();
  const { data, isFetching } = useQuery({
    queryKey: storesKeys.sandboxList(storeId, receivedOnly ? 'received' : 'calls', page, operation),
    queryFn: () => storesApi.sandbox.calls({ storeId, currentPage: page, pageSize: 20, receivedOnly, ...(operation ? { operation } : {}) }),
  });
  return (
    <>
      {receivedOnly ? (
        <Alert type="info" showIcon message={t('stores:sandbox.received.hint')} style={{ marginBottom: 12 }} />
      ) : (
        <Select
          allowClear
          placeholder={t('stores:sandbox.calls.operation')}
          aria-label={t('stores:sandbox.calls.operation')}
          style={{ width: 220, marginBottom: 12 }}
          value={operation}
          onChange={(v) => {
            setOperation(v);
            setPage(1);
          }}
          options={SANDBOX_OPERATIONS.map((o) => ({ value: o, label: t(`stores:sandbox.operations.${o}`) }))}
        />
      )}
      <Table<SandboxCallRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.voList ?? []}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('stores:sandbox.calls.at'), dataIndex: 'createdAt', width: 140, render: (v: string) => <DateTime value={v} /> },
          { title: t('stores:sandbox.calls.operation'), dataIndex: 'operation', width: 150, render: (v: string) => t(`stores:sandbox.operations.${v}`) },
          { title: t('stores:sandbox.calls.outcome'), dataIndex: 'outcome', width: 120, render: (v: string) => <Tag color={OUTCOME_COLORS[v]}>{t(`stores:sandbox.outcomes.${v}`)}</Tag> },
          { title: t('stores:sandbox.calls.detail'), render: (_, call) => (call.outcome === 'OK' || call.payload ? <Payload call={call} /> : <Typography.Text type="secondary">{call.message}</Typography.Text>) },
        ]}
      />
    </>
  );
}

// ---- behaviour -------------------------------------------------------------------------------

const LIFETIMES = [60, 3600, 86_400, 3 * 86_400, 30 * 86_400];

function BehaviourTab({ storeId }: { storeId: number }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ failurePercent: number; latencyMs: number; tokenLifetimeSeconds: number; rateLimitPerMinute: number | null; pushMessages: boolean }>();
  const [failureKind, setFailureKind] = useState<SandboxFailureKind>('TIMEOUT');
  const [failureOperation, setFailureOperation] = useState<SandboxOperation | undefined>();
  const [error, setError] = useState<string | null>(null);
  const invalidate = useInvalidateSandbox(storeId);
  const shop = useQuery({ queryKey: storesKeys.sandbox(storeId), queryFn: () => storesApi.sandbox.get(storeId) });
  useEffect(() => {
    if (shop.data) form.setFieldsValue({ failurePercent: Math.round(shop.data.failureRate * 100), latencyMs: shop.data.latencyMs, tokenLifetimeSeconds: shop.data.tokenLifetimeSeconds, rateLimitPerMinute: shop.data.rateLimitPerMinute, pushMessages: shop.data.pushMessages });
  }, [shop.data, form]);
  if (!shop.data) return null;
  const lifetimeOptions = [...new Set([...LIFETIMES, shop.data.tokenLifetimeSeconds])].sort((a, b) => a - b).map((s) => ({ value: s, label: t('stores:sandbox.behaviour.lifetime', { text: durationText(t, s) }) }));
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      {error && <Alert type="error" showIcon message={error} role="alert" />}
      <Form
        form={form}
        layout="inline"
        onFinish={async (values) => {
          setError(null);
          try {
            await storesApi.sandbox.updateSettings({
              storeId,
              version: shop.data!.version,
              failureRate: Math.round(values.failurePercent) / 100,
              latencyMs: values.latencyMs,
              tokenLifetimeSeconds: values.tokenLifetimeSeconds,
              rateLimitPerMinute: values.rateLimitPerMinute || null,
              pushMessages: values.pushMessages,
            });
            toast.success(t('common:saved'));
          } catch (e) {
            setError(e instanceof ApiError ? errorMessage(e) : String(e));
          }
          await invalidate();
        }}
      >
        <Form.Item name="failurePercent" label={t('stores:sandbox.behaviour.failureRate')} tooltip={t('stores:sandbox.behaviour.failureRateHint')}>
          <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="latencyMs" label={t('stores:sandbox.behaviour.latency')}>
          <InputNumber min={0} max={10_000} precision={0} suffix="ms" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="rateLimitPerMinute" label={t('stores:sandbox.behaviour.rateLimit')} tooltip={t('stores:sandbox.behaviour.rateLimitHint')}>
          <InputNumber min={1} max={100_000} precision={0} placeholder={t('stores:sandbox.behaviour.unlimited')} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="tokenLifetimeSeconds" label={t('stores:sandbox.behaviour.tokenLifetime')} tooltip={t('stores:sandbox.behaviour.tokenLifetimeHint')}>
          <Select options={lifetimeOptions} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="pushMessages" valuePropName="checked" label={t('stores:sandbox.behaviour.pushMessages')} tooltip={t('stores:sandbox.behaviour.pushMessagesHint')}>
          <Switch />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common:actions.save')}
          </Button>
        </Form.Item>
      </Form>

      <div>
        <Typography.Title level={5}>{t('stores:sandbox.behaviour.forcedTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('stores:sandbox.behaviour.forcedHint')}</Typography.Paragraph>
        <Space wrap>
          <Select
            value={failureKind}
            onChange={setFailureKind}
            aria-label={t('stores:sandbox.behaviour.kind')}
            style={{ width: 190 }}
            options={SANDBOX_FAILURE_KINDS.map((k) => ({ value: k, label: t(`stores:sandbox.outcomes.${k}`) }))}
          />
          <Select
            allowClear
            value={failureOperation}
            onChange={setFailureOperation}
            placeholder={t('stores:sandbox.behaviour.anyCall')}
            aria-label={t('stores:sandbox.calls.operation')}
            style={{ width: 220 }}
            options={SANDBOX_OPERATIONS.map((o) => ({ value: o, label: t(`stores:sandbox.operations.${o}`) }))}
          />
          <Button onClick={() => storesApi.sandbox.forceFailures(storeId, [{ kind: failureKind, ...(failureOperation ? { operation: failureOperation } : {}) }]).then(invalidate, showError)}>
            {t('stores:sandbox.behaviour.queue')}
          </Button>
          <Button disabled={!shop.data.forcedFailures.length} onClick={() => storesApi.sandbox.clearFailures(storeId).then(invalidate, showError)}>
            {t('stores:sandbox.behaviour.clear')}
          </Button>
        </Space>
        <div style={{ marginTop: 8 }}>
          {shop.data.forcedFailures.length ? (
            shop.data.forcedFailures.map((f, i) => (
              <Tag key={i} color="red">
                {i + 1}. {t(`stores:sandbox.outcomes.${f.kind}`)} · {f.operation ? t(`stores:sandbox.operations.${f.operation}`) : t('stores:sandbox.behaviour.anyCall')}
              </Tag>
            ))
          ) : (
            <Typography.Text type="secondary">{t('stores:sandbox.behaviour.noneQueued')}</Typography.Text>
          )}
        </div>
      </div>

      <div>
        <Typography.Title level={5}>{t('stores:sandbox.behaviour.tokensTitle')}</Typography.Title>
        <Space wrap>
          <Popconfirm title={t('stores:sandbox.behaviour.expireConfirm')} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')} onConfirm={() => storesApi.sandbox.expireToken(storeId).then(invalidate, showError)}>
            <Button>{t('stores:sandbox.behaviour.expire')}</Button>
          </Popconfirm>
          <Popconfirm title={t('stores:sandbox.behaviour.revokeConfirm')} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')} onConfirm={() => storesApi.sandbox.revokeTokens(storeId).then(invalidate, showError)}>
            <Button danger>{t('stores:sandbox.behaviour.revoke')}</Button>
          </Popconfirm>
        </Space>
      </div>
    </Space>
  );
}

function durationText(t: (key: string, options?: Record<string, unknown>) => string, seconds: number): string {
  if (seconds % 86_400 === 0) return t('stores:duration.days', { count: seconds / 86_400 });
  if (seconds % 3600 === 0) return t('stores:duration.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('stores:duration.minutes', { count: seconds / 60 });
  return t('stores:duration.seconds', { count: seconds });
}

export function SandboxConsoleDrawer({ store, onClose }: { store: StoreRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState('items');
  const shop = useQuery({ queryKey: storesKeys.sandbox(store?.id ?? 0), queryFn: () => storesApi.sandbox.get(store!.id), enabled: !!store });
  return (
    <Drawer
      open={!!store}
      size={1040}
      destroyOnHidden
      onClose={onClose}
      title={
        <Space>
          <ExperimentOutlined style={{ color: '#722ed1' }} />
          {t('stores:sandbox.title', { name: store?.name ?? '' })}
        </Space>
      }
    >
      {store && (
        <>
          <Alert type="info" showIcon message={t('stores:sandbox.intro')} style={{ marginBottom: 12 }} />
          {shop.data && (
            <Descriptions size="small" column={3} style={{ marginBottom: 8 }}>
              <Descriptions.Item label={t('stores:sandbox.shopKey')}>
                <Typography.Text code copyable>
                  {shop.data.shopKey}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('stores:sandbox.tokenEnds')}>{shop.data.tokenExpiresAt ? <DateTime value={shop.data.tokenExpiresAt} /> : t('stores:sandbox.noToken')}</Descriptions.Item>
              <Descriptions.Item label={t('stores:sandbox.counts')}>
                {t('stores:sandbox.countsText', { items: shop.data.itemCount, orders: shop.data.orderCount, calls: shop.data.callCount })}
              </Descriptions.Item>
            </Descriptions>
          )}
          <Tabs
            activeKey={tab}
            onChange={setTab}
            destroyOnHidden
            items={[
              { key: 'items', label: t('stores:sandbox.tabs.items'), children: <ItemsTab storeId={store.id} /> },
              { key: 'orders', label: t('stores:sandbox.tabs.orders'), children: <OrdersTab storeId={store.id} /> },
              { key: 'received', label: t('stores:sandbox.tabs.received'), children: <CallsTab storeId={store.id} receivedOnly /> },
              { key: 'behaviour', label: t('stores:sandbox.tabs.behaviour'), children: <BehaviourTab storeId={store.id} /> },
              { key: 'calls', label: t('stores:sandbox.tabs.calls'), children: <CallsTab storeId={store.id} receivedOnly={false} /> },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
