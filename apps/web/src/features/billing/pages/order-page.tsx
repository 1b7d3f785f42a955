// /domainOrder/order and /storeOrder/order (spec 01 §2.2, 02 §7.17): the domain's edition, what it
// may buy (judge, orderGoods), the purchase agreement, placing the order and going to pay; the
// domain's orders (paymentrecord/orderQuery) with pay, close, rebuild and a refund request.
import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Descriptions, Empty, Form, Input, InputNumber, Modal, Radio, Result, Row, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { DOMAIN_LEVELS, fenToYuan, yuanToFen, type BillingOrder, type BillingOrderType, type OrderGood, type PayChannel } from '@openseller/core';
import { toast } from '../../../app/toast';
import { DateTime } from '../../../ui/relative-time';
import { orderApi, paymentRecordApi, refundApi } from '../api';
import { BareFrame, OrderStatusTag, problemText, SandboxNotice, Yuan } from '../components/billing-ui';

export function OrderPage({ type }: { type: BillingOrderType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const api = orderApi(type);
  const judge = useQuery({ queryKey: ['billing-judge', type], queryFn: api.judge, retry: false });
  const goods = useQuery({ queryKey: ['billing-goods', type], queryFn: api.goods, retry: false });
  const [page, setPage] = useState(1);
  const orders = useQuery({ queryKey: ['billing-orders', type, page], queryFn: () => paymentRecordApi.orderQuery({ orderType: type, currentPage: page, pageSize: 10 }), retry: false });
  const [priceId, setPriceId] = useState<number | null>(null);
  const [channel, setChannel] = useState<PayChannel>('ALIPAY');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [refundOf, setRefundOf] = useState<BillingOrder | null>(null);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['billing-judge', type] });
    void client.invalidateQueries({ queryKey: ['billing-orders', type] });
  };
  const toPay = (orderNo: string) => navigate(`/domainOrder/pay?orderNo=${orderNo}&type=${type}`);
  const place = useMutation({
    mutationFn: () => api.place({ priceId: priceId!, payChannel: channel, agreed }),
    onSuccess: (order) => toPay(order.orderNo),
    onError: (e) => setProblem(problemText(e, t)),
  });
  const act = useMutation({
    mutationFn: async ({ action, orderNo }: { action: 'close' | 'reBuild' | 'handlePay'; orderNo: string }) => api[action](orderNo),
    onSuccess: (order, { action }) => {
      refresh();
      if (action === 'reBuild') toPay(order.orderNo);
      else toast.success(t(`billing:done.${action}`, { status: t(`billing:status.${order.status}`) }));
    },
    onError: (e) => toast.error(problemText(e, t)),
  });

  const title = t(type === 'DOMAIN' ? 'billing:domainTitle' : 'billing:storeTitle');
  if (judge.isPending) return <BareFrame title={title}><Skeleton active /></BareFrame>;
  if (judge.isError)
    return (
      <BareFrame title={title}>
        <Result status="warning" title={problemText(judge.error, t)} extra={<Button onClick={() => judge.refetch()}>{t('common:actions.retry')}</Button>} />
      </BareFrame>
    );
  const j = judge.data;
  const list: OrderGood[] = goods.data?.voList ?? [];
  const chosen = list.find((g) => g.id === priceId) ?? null;

  return (
    <BareFrame title={title}>
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, sm: 2, md: 4 }} size="small">
          <Descriptions.Item label={t('billing:current.level')}>
            <Tag color="gold">{t(`common:levels.${j.effectiveLevel}`)}</Tag>
            {j.effectiveLevel !== j.level && <Typography.Text type="secondary">{t('billing:current.trialOver', { level: t(`common:levels.${j.level}`) })}</Typography.Text>}
          </Descriptions.Item>
          <Descriptions.Item label={t('billing:current.expireTime')}>
            {j.byStore ? t('billing:current.byStore') : j.expireTime ? <DateTime value={j.expireTime} /> : t('billing:current.noExpiry')}
            {j.expired && <Tag color="red" style={{ marginLeft: 8 }}>{t('billing:current.expired')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('billing:current.storeQuota')}>{j.storeQuota}</Descriptions.Item>
          <Descriptions.Item label={t('billing:current.other')}>
            <Link to={type === 'DOMAIN' ? '/storeOrder/order' : '/domainOrder/order'}>{t(type === 'DOMAIN' ? 'billing:storeTitle' : 'billing:domainTitle')}</Link>
          </Descriptions.Item>
        </Descriptions>
      </Card>

      {j.reason === 'OPEN_ORDER' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('billing:openOrder', { orderNo: j.openOrderNo })}
          action={
            <Space>
              <Button type="primary" size="small" onClick={() => toPay(j.openOrderNo!)}>
                {t('billing:actions.pay')}
              </Button>
              <Button size="small" loading={act.isPending} onClick={() => act.mutate({ action: 'close', orderNo: j.openOrderNo! })}>
                {t('billing:actions.close')}
              </Button>
            </Space>
          }
        />
      )}

      <Card title={t('billing:goodsTitle')} style={{ marginBottom: 16 }}>
        <SandboxNotice />
        {list.length === 0 ? (
          <Empty description={t(type === 'DOMAIN' ? 'billing:noGoodsDomain' : 'billing:noGoodsStore')} />
        ) : (
          <>
            <Radio.Group value={priceId} onChange={(e) => setPriceId(e.target.value as number)} style={{ width: '100%' }} aria-label={t('billing:goodsTitle')}>
              <Row gutter={[16, 16]}>
                {list.map((g) => (
                  <Col key={g.id} xs={24} sm={12} md={8}>
                    <Card size="small" hoverable onClick={() => setPriceId(g.id)} style={{ borderColor: g.id === priceId ? '#1677ff' : undefined }}>
                      <Radio value={g.id}>
                        <Space direction="vertical" size={2}>
                          <strong>{g.name}</strong>
                          <span>
                            {g.level && <Tag color="gold">{t(`common:levels.${g.level}`)}</Tag>}
                            {g.months && t('billing:months', { count: g.months })}
                            {g.storeCount && t('billing:stores', { count: g.storeCount })}
                          </span>
                          <Tag color={g.action === 'UPGRADE' ? 'green' : 'blue'}>{t(`billing:action.${g.action}`)}</Tag>
                          <span style={{ fontSize: 20, color: '#cf1322' }}>
                            <Yuan fen={g.priceFen} />
                          </span>
                        </Space>
                      </Radio>
                    </Card>
                  </Col>
                ))}
              </Row>
            </Radio.Group>
            {chosen?.action === 'UPGRADE' && j.expireTime && !j.expired && <Alert type="info" showIcon style={{ marginTop: 16 }} message={t('billing:upgradeNote')} />}
            <Space direction="vertical" style={{ marginTop: 16 }}>
              <Space wrap>
                <span>{t('billing:channel')}</span>
                <Radio.Group value={channel} onChange={(e) => setChannel(e.target.value as PayChannel)} optionType="button">
                  <Radio value="ALIPAY">{t('billing:channels.ALIPAY')}</Radio>
                  <Radio value="WECHAT">{t('billing:channels.WECHAT')}</Radio>
                </Radio.Group>
              </Space>
              <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
                {t('billing:agree')}{' '}
                <Link to="/storeOrder/agreement" target="_blank">
                  {t('billing:agreementTitle')}
                </Link>
              </Checkbox>
              {problem && <Alert type="error" showIcon message={problem} />}
              <Space>
                <Button type="primary" size="large" disabled={!chosen || !agreed || !j.canBuy} loading={place.isPending} onClick={() => { setProblem(null); place.mutate(); }}>
                  {chosen ? t('billing:placeAndPay', { amount: fenToYuan(chosen.priceFen) }) : t('billing:choose')}
                </Button>
                {!chosen && <Typography.Text type="secondary">{t('billing:chooseHint')}</Typography.Text>}
              </Space>
            </Space>
          </>
        )}
        {type === 'DOMAIN' && <RequestLink />}
      </Card>

      <Card title={t('billing:ordersTitle')}>
        <Table<BillingOrder>
          rowKey="orderNo"
          size="small"
          loading={orders.isFetching}
          dataSource={orders.data?.voList ?? []}
          locale={{ emptyText: t('billing:noOrders') }}
          scroll={{ x: 1240 }}
          pagination={{ current: page, pageSize: 10, total: orders.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('billing:fields.orderNo'), dataIndex: 'orderNo', width: 190 },
            { title: t('billing:fields.name'), dataIndex: 'name', width: 220 },
            { title: t('billing:fields.amount'), dataIndex: 'amountFen', width: 110, render: (v: number) => <Yuan fen={v} /> },
            {
              title: t('billing:fields.status'),
              width: 170,
              render: (_, o) => (
                <Space size={4}>
                  <OrderStatusTag status={o.status} />
                  {o.refundStatus && <Tag>{t(`billing:refund.status.${o.refundStatus}`)}</Tag>}
                </Space>
              ),
            },
            { title: t('billing:fields.createdAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => <DateTime value={v} /> },
            { title: t('billing:fields.paidAt'), dataIndex: 'paidAt', width: 170, render: (v: string | null) => (v ? <DateTime value={v} /> : '-') },
            {
              title: t('common:actions.title'),
              width: 200,
              fixed: 'right',
              render: (_, o) => (
                <Space size={0} wrap>
                  {o.status === 'WAIT_PAY' && (
                    <>
                      <Button type="link" size="small" onClick={() => toPay(o.orderNo)}>{t('billing:actions.pay')}</Button>
                      <Button type="link" size="small" onClick={() => act.mutate({ action: 'handlePay', orderNo: o.orderNo })}>{t('billing:actions.check')}</Button>
                      <Button type="link" size="small" danger onClick={() => act.mutate({ action: 'close', orderNo: o.orderNo })}>{t('billing:actions.close')}</Button>
                    </>
                  )}
                  {(o.status === 'CLOSED' || o.status === 'FAILED') && (
                    <Button type="link" size="small" onClick={() => act.mutate({ action: 'reBuild', orderNo: o.orderNo })}>{t('billing:actions.reBuild')}</Button>
                  )}
                  {o.status === 'PAID' && !o.refundStatus && (
                    <Button type="link" size="small" onClick={() => setRefundOf(o)}>{t('billing:actions.refund')}</Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {refundOf && <RefundModal key={refundOf.orderNo} order={refundOf} onClose={() => setRefundOf(null)} onDone={refresh} />}
    </BareFrame>
  );
}

/** Mounted per order, so its fields start from that order (and a fast typist's text is kept). */
function RefundModal({ order, onClose, onDone }: { order: BillingOrder; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: string; reason: string; payeeAccount: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (v: { amount: string; reason: string; payeeAccount: string }) => refundApi.create({ orderNo: order.orderNo, amountFen: yuanToFen(v.amount) ?? 0, reason: v.reason, payeeAccount: v.payeeAccount }),
    onSuccess: () => {
      toast.success(t('billing:refund.asked'));
      onDone();
      onClose();
    },
    onError: (e) => setProblem(problemText(e, t)),
  });
  return (
    <Modal
      open
      title={t('billing:refund.title', { orderNo: order.orderNo })}
      onCancel={onClose}
      onOk={async () => create.mutate(await form.validateFields())}
      confirmLoading={create.isPending}
      okText={t('billing:refund.submit')}
      cancelText={t('common:actions.cancel')}
    >
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={{ amount: fenToYuan(order.amountFen), reason: '', payeeAccount: '' }}>
        <Form.Item
          name="amount"
          label={t('billing:refund.amount')}
          rules={[
            { required: true, message: t('billing:refund.amountRule') },
            { validator: async (_, v: string) => { if (v && (yuanToFen(String(v)) ?? 0) <= 0) throw new Error(t('billing:refund.amountRule')); } },
          ]}
        >
          <Input prefix="¥" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="reason" label={t('billing:refund.reason')} rules={[{ required: true, whitespace: true, max: 200 }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="payeeAccount" label={t('billing:refund.payeeAccount')} rules={[{ required: true, whitespace: true, max: 100 }]} extra={t('billing:refund.payeeHint')}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** An edition the price table does not sell: asked of the platform (submitDomainOrderRequest). */
function RequestLink() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [form] = Form.useForm<{ level: (typeof DOMAIN_LEVELS)[number]; months: number; contactName: string; contactPhone: string; remark?: string }>();
  const submit = useMutation({
    mutationFn: paymentRecordApi.request,
    onSuccess: () => {
      toast.success(t('billing:request.sent'));
      setOpen(false);
    },
    onError: (e) => setProblem(problemText(e, t)),
  });
  return (
    <>
      <div style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">{t('billing:request.hint')} </Typography.Text>
        <Button type="link" onClick={() => { setProblem(null); setOpen(true); }}>{t('billing:request.open')}</Button>
      </div>
      <Modal open={open} title={t('billing:request.title')} onCancel={() => setOpen(false)} destroyOnHidden onOk={async () => submit.mutate(await form.validateFields())} confirmLoading={submit.isPending} okText={t('billing:request.submit')} cancelText={t('common:actions.cancel')}>
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" initialValues={{ level: 'INFINITE', months: 12 }}>
          <Form.Item name="level" label={t('billing:fields.level')} rules={[{ required: true }]}>
            <Select options={DOMAIN_LEVELS.map((l) => ({ value: l, label: t(`common:levels.${l}`) }))} />
          </Form.Item>
          <Form.Item name="months" label={t('billing:fields.months')} rules={[{ required: true }]}>
            <InputNumber min={1} max={60} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="contactName" label={t('billing:request.contactName')} rules={[{ required: true, whitespace: true, max: 40 }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="contactPhone" label={t('billing:request.contactPhone')} rules={[{ required: true, pattern: /^[0-9+\- ]{5,20}$/, message: t('billing:request.phoneRule') }]}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="remark" label={t('billing:request.remark')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
