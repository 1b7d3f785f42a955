// /system/billing (root account; a page this product adds): the price table of editions and store
// packs (integer fen, entered in yuan), the sellers' refund requests with their settlement
// (refund/shopper/updatePayInfo), and requests for editions not on sale.
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Table, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DOMAIN_LEVELS, fenToYuan, yuanToFen, type BillingPrice, type BillingPriceKind, type DomainLevel, type RefundRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { DateTime } from '../../../ui/relative-time';
import { billingAdminApi, refundApi } from '../api';
import { problemText, Yuan } from '../components/billing-ui';

export default function AdminBillingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('nav:routes.systemBilling')} />
      <Card>
        <Tabs
          items={[
            { key: 'prices', label: t('billing:admin.prices'), children: <PricesTab /> },
            { key: 'refunds', label: t('billing:admin.refunds'), children: <RefundsTab /> },
            { key: 'requests', label: t('billing:admin.requests'), children: <RequestsTab /> },
          ]}
        />
      </Card>
    </>
  );
}

interface PriceValues {
  kind: BillingPriceKind;
  name: string;
  level?: DomainLevel;
  months?: number;
  storeCount?: number;
  price: string;
  enabled: boolean;
}

function PricesTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['billing-prices', page], queryFn: () => billingAdminApi.searchPrices({ currentPage: page, pageSize: 50 }) });
  const [editing, setEditing] = useState<BillingPrice | 'new' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [form] = Form.useForm<PriceValues>();
  const kind = Form.useWatch('kind', form);
  const save = useMutation({
    mutationFn: (v: PriceValues) =>
      billingAdminApi.savePrice({
        ...(editing && editing !== 'new' ? { id: editing.id, version: editing.version } : {}),
        kind: v.kind,
        name: v.name,
        level: v.kind === 'EDITION' ? (v.level ?? null) : null,
        months: v.kind === 'EDITION' ? (v.months ?? null) : null,
        storeCount: v.kind === 'STORE_PACK' ? (v.storeCount ?? null) : null,
        priceFen: yuanToFen(v.price) ?? 0,
        enabled: v.enabled,
      }),
    onSuccess: () => {
      toast.success(t('common:saved'));
      setEditing(null);
      void client.invalidateQueries({ queryKey: ['billing-prices'] });
    },
    onError: (e) => setProblem(problemText(e, t)),
  });
  const open = (row: BillingPrice | 'new') => {
    setProblem(null);
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(
      row === 'new'
        ? { kind: 'EDITION', name: '', level: 'STANDARD', months: 12, price: '', enabled: true }
        : { kind: row.kind, name: row.name, level: row.level ?? undefined, months: row.months ?? undefined, storeCount: row.storeCount ?? undefined, price: fenToYuan(row.priceFen), enabled: row.enabled },
    );
  };
  const levelOptions = DOMAIN_LEVELS.map((l) => ({ value: l, label: t(`common:levels.${l}`) }));
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
          {t('billing:admin.addPrice')}
        </Button>
      </Space>
      <Table<BillingPrice>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.voList ?? []}
        locale={{ emptyText: t('billing:admin.noPrices') }}
        pagination={{ current: page, pageSize: 50, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('billing:admin.kind'), dataIndex: 'kind', width: 120, render: (v: BillingPriceKind) => t(`billing:kinds.${v}`) },
          { title: t('billing:fields.name'), dataIndex: 'name' },
          { title: t('billing:fields.level'), dataIndex: 'level', width: 140, render: (v: string | null) => (v ? <Tag color="gold">{t(`common:levels.${v}`)}</Tag> : '-') },
          { title: t('billing:fields.months'), dataIndex: 'months', width: 90, render: (v: number | null) => v ?? '-' },
          { title: t('billing:fields.storeCount'), dataIndex: 'storeCount', width: 90, render: (v: number | null) => v ?? '-' },
          { title: t('billing:fields.price'), dataIndex: 'priceFen', width: 120, render: (v: number) => <Yuan fen={v} /> },
          { title: t('billing:admin.enabled'), dataIndex: 'enabled', width: 90, render: (v: boolean) => (v ? <Tag color="green">{t('billing:admin.onSale')}</Tag> : <Tag>{t('billing:admin.offSale')}</Tag>) },
          {
            title: t('common:actions.title'),
            width: 90,
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => open(r)}>
                {t('common:actions.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? t('billing:admin.addPrice') : t('billing:admin.editPrice')}
        onCancel={() => setEditing(null)}
        onOk={async () => save.mutate(await form.validateFields())}
        confirmLoading={save.isPending}
        okText={t('common:actions.save')}
        cancelText={t('common:actions.cancel')}
        maskClosable={false}
      >
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical">
          <Form.Item name="kind" label={t('billing:admin.kind')} rules={[{ required: true }]}>
            <Radio.Group optionType="button" options={(['EDITION', 'STORE_PACK'] as const).map((k) => ({ value: k, label: t(`billing:kinds.${k}`) }))} />
          </Form.Item>
          <Form.Item name="name" label={t('billing:fields.name')} rules={[{ required: true, whitespace: true, max: 60 }]}>
            <Input maxLength={60} />
          </Form.Item>
          {kind === 'STORE_PACK' ? (
            <Form.Item name="storeCount" label={t('billing:fields.storeCount')} rules={[{ required: true }]}>
              <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="level" label={t('billing:fields.level')} rules={[{ required: true }]}>
                <Select options={levelOptions} />
              </Form.Item>
              <Form.Item name="months" label={t('billing:fields.months')} rules={[{ required: true }]}>
                <InputNumber min={1} max={60} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </>
          )}
          <Form.Item
            name="price"
            label={t('billing:fields.price')}
            rules={[
              { required: true, message: t('billing:admin.priceRule') },
              { validator: async (_, v: string) => { if (v && !((yuanToFen(String(v)) ?? 0) > 0)) throw new Error(t('billing:admin.priceRule')); } },
            ]}
          >
            <Input prefix="¥" inputMode="decimal" />
          </Form.Item>
          <Form.Item name="enabled" label={t('billing:admin.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function RefundsTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [status, setStatus] = useState<RefundRow['status'] | ''>('APPLIED');
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['billing-refunds', status, page], queryFn: () => refundApi.search({ currentPage: page, pageSize: 10, ...(status ? { status } : {}) }) });
  const [settling, setSettling] = useState<RefundRow | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [form] = Form.useForm<{ status: 'REFUNDED' | 'REJECTED'; refundTradeNo?: string; remark?: string }>();
  const decision = Form.useWatch('status', form);
  const save = useMutation({
    mutationFn: (v: { status: 'REFUNDED' | 'REJECTED'; refundTradeNo?: string; remark?: string }) => refundApi.updatePayInfo({ id: settling!.id, version: settling!.version, ...v }),
    onSuccess: () => {
      toast.success(t('common:saved'));
      setSettling(null);
      void client.invalidateQueries({ queryKey: ['billing-refunds'] });
    },
    onError: (e) => setProblem(problemText(e, t)),
  });
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 180 }}
          value={status}
          onChange={(v) => { setStatus(v); setPage(1); }}
          options={[{ value: '', label: t('billing:admin.allStatuses') }, ...(['APPLIED', 'REFUNDED', 'REJECTED'] as const).map((s) => ({ value: s, label: t(`billing:refund.status.${s}`) }))]}
        />
      </Space>
      <Table<RefundRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.voList ?? []}
        locale={{ emptyText: t('billing:admin.noRefunds') }}
        scroll={{ x: 1340 }}
        pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('billing:admin.domain'), width: 180, render: (_, r) => `${r.domainName} (${r.domainCode})` },
          { title: t('billing:fields.orderNo'), dataIndex: 'orderNo', width: 180 },
          { title: t('billing:refund.amount'), dataIndex: 'amountFen', width: 110, render: (v: number) => <Yuan fen={v} /> },
          { title: t('billing:refund.reason'), dataIndex: 'reason', width: 200 },
          { title: t('billing:refund.payeeAccount'), dataIndex: 'payeeAccount', width: 160 },
          { title: t('billing:fields.status'), dataIndex: 'status', width: 100, render: (v: RefundRow['status']) => t(`billing:refund.status.${v}`) },
          { title: t('billing:refund.refundTradeNo'), dataIndex: 'refundTradeNo', width: 150, render: (v: string | null) => v ?? '-' },
          { title: t('billing:fields.createdAt'), dataIndex: 'createdAt', width: 160, render: (v: string) => <DateTime value={v} /> },
          {
            title: t('common:actions.title'),
            width: 90,
            fixed: 'right',
            render: (_, r) =>
              r.status === 'APPLIED' ? (
                <Button type="link" size="small" onClick={() => { setProblem(null); setSettling(r); form.setFieldsValue({ status: 'REFUNDED', refundTradeNo: '', remark: '' }); }}>
                  {t('billing:admin.settle')}
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal open={!!settling} title={t('billing:admin.settleTitle', { orderNo: settling?.orderNo ?? '' })} onCancel={() => setSettling(null)} onOk={async () => save.mutate(await form.validateFields())} confirmLoading={save.isPending} okText={t('common:actions.save')} cancelText={t('common:actions.cancel')} maskClosable={false}>
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical">
          <Form.Item name="status" label={t('billing:admin.decision')} rules={[{ required: true }]}>
            <Radio.Group optionType="button" options={(['REFUNDED', 'REJECTED'] as const).map((s) => ({ value: s, label: t(`billing:refund.status.${s}`) }))} />
          </Form.Item>
          {decision === 'REFUNDED' && (
            <Form.Item name="refundTradeNo" label={t('billing:refund.refundTradeNo')} rules={[{ required: true, whitespace: true, max: 64 }]}>
              <Input maxLength={64} />
            </Form.Item>
          )}
          <Form.Item name="remark" label={t('billing:request.remark')} rules={[{ max: 200 }]}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function RequestsTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['billing-requests', page], queryFn: () => billingAdminApi.searchRequests({ currentPage: page, pageSize: 10 }) });
  return (
    <Table
      rowKey="id"
      size="small"
      loading={list.isFetching}
      dataSource={list.data?.voList ?? []}
      locale={{ emptyText: t('billing:admin.noRequests') }}
      pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      columns={[
        { title: t('billing:admin.domain'), render: (_, r) => `${r.domainName} (${r.domainCode})` },
        { title: t('billing:fields.level'), dataIndex: 'level', render: (v: string) => t(`common:levels.${v}`) },
        { title: t('billing:fields.months'), dataIndex: 'months' },
        { title: t('billing:request.contactName'), dataIndex: 'contactName' },
        { title: t('billing:request.contactPhone'), dataIndex: 'contactPhone' },
        { title: t('billing:request.remark'), dataIndex: 'remark', render: (v: string | null) => v ?? '-' },
        { title: t('billing:fields.createdAt'), dataIndex: 'createdAt', render: (v: string) => <DateTime value={v} /> },
      ]}
    />
  );
}
