// The return-inbound dialogs: create (from a shipped order's lines, found by its code, or free with
// SKUs chosen), receive (good and defective per line), and the reasons list.
import { useEffect, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { SkuPicker } from '../../goods/components/sku-picker';
import { orderListApi } from '../../orders/list/api';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { rmaApi, type RmaViewData } from './api';
import { rmaErrorMessage, useRmaMutation, useRmaReasons } from './queries';

interface DraftLine {
  key: string;
  erpSodId?: number;
  skuId: number;
  skuCode: string;
  skuName: string | null;
  max?: number;
  qty: number;
}

/** A scan that found an order (or its after-sale) but no return yet opens this with the order and the parcel's tracking number. */
export interface RmaCreatePrefill {
  orderCode: string;
  expressNo?: string;
}

export function RmaCreateModal({ open, onClose, prefill }: { open: boolean; onClose: () => void; prefill?: RmaCreatePrefill | null }) {
  const { t } = useTranslation();
  const [source, setSource] = useState<'ORDER' | 'FREE'>('ORDER');
  const [whId, setWhId] = useState<number | undefined>();
  const [orderCode, setOrderCode] = useState('');
  const [order, setOrder] = useState<OrderRow | null>(null);
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [expressNo, setExpressNo] = useState('');
  const [reasonId, setReasonId] = useState<number | undefined>();
  const [picking, setPicking] = useState(false);
  const reasons = useRmaReasons();
  const create = useRmaMutation(rmaApi.create);

  const reset = () => {
    setOrder(null);
    setLines([]);
    setOrderCode('');
    setExpressNo('');
    setReasonId(undefined);
  };

  useEffect(() => {
    if (!open || !prefill) return;
    setSource('ORDER');
    setOrderCode(prefill.orderCode);
    setExpressNo(prefill.expressNo ?? '');
    void findOrder(prefill.orderCode);
    // Only when it opens with a new prefill.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, prefill]);

  async function findOrder(given?: string) {
    const code = (given ?? orderCode).trim();
    if (!code) return;
    try {
      const page = await orderListApi.search({ activeKey: '4', codeKeywords: code, currentPage: 1, pageSize: 1 } as never);
      const found = page.voList[0];
      if (!found) {
        toast.error(t('rma:create.orderNotFound', { code }));
        return;
      }
      setOrder(found);
      if (found.warehouseId) setWhId(found.warehouseId);
      setLines(
        found.lines
          .filter((l) => l.skuId)
          .map((l) => ({ key: `l${l.id}`, erpSodId: l.id, skuId: l.skuId!, skuCode: l.skuCode ?? '', skuName: l.skuName, max: l.qty, qty: l.qty })),
      );
    } catch (error) {
      toast.error(rmaErrorMessage(error));
    }
  }

  async function submit() {
    if (!whId) {
      toast.error(t('rma:create.chooseWarehouse'));
      return;
    }
    const chosen = lines.filter((l) => l.qty > 0);
    if (!chosen.length) {
      toast.error(t('rma:create.noLines'));
      return;
    }
    await create.mutateAsync({
      whId,
      erpSoHId: source === 'ORDER' ? order?.id : undefined,
      expressNo: expressNo || undefined,
      reasonId,
      rmaDetails: chosen.map((l) => (source === 'ORDER' ? { erpSodId: l.erpSodId!, qty: l.qty } : { skuId: l.skuId, qty: l.qty })),
    });
    toast.success(t('rma:create.done'));
    reset();
    onClose();
  }

  return (
    <Modal open={open} title={t('rma:create.title')} width={760} onCancel={onClose} onOk={() => void submit().catch(() => undefined)} okText={t('rma:create.submit')} confirmLoading={create.isPending} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group
          value={source}
          onChange={(e) => {
            setSource(e.target.value);
            reset();
          }}
          options={[
            { value: 'ORDER', label: t('rma:create.fromOrder') },
            { value: 'FREE', label: t('rma:create.free') },
          ]}
        />
        {source === 'ORDER' ? (
          <Input.Search placeholder={t('rma:create.orderCode')} value={orderCode} onChange={(e) => setOrderCode(e.target.value)} onSearch={() => void findOrder()} enterButton={t('rma:create.findOrder')} />
        ) : (
          <Button onClick={() => setPicking(true)}>{t('rma:create.addSkus')}</Button>
        )}
        {order && <Typography.Text type="secondary">{t('rma:create.orderFound', { code: order.code, buyer: order.buyerNick ?? '' })}</Typography.Text>}
        <Form layout="inline">
          <Form.Item label={t('rma:columns.warehouse')} required>
            <WarehouseSelect value={whId} onChange={(v) => setWhId(v)} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label={t('rma:columns.expressNo')}>
            <Input value={expressNo} onChange={(e) => setExpressNo(e.target.value)} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item label={t('rma:columns.reason')}>
            <Select allowClear value={reasonId} onChange={setReasonId} style={{ width: 160 }} options={(reasons.data ?? []).map((r) => ({ value: r.id, label: r.reason }))} />
          </Form.Item>
        </Form>
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={lines}
          columns={[
            { title: t('rma:columns.skuCode'), dataIndex: 'skuCode' },
            { title: t('rma:columns.skuName'), dataIndex: 'skuName' },
            ...(source === 'ORDER' ? [{ title: t('rma:columns.shipped'), dataIndex: 'max' }] : []),
            {
              title: t('rma:columns.qty'),
              render: (_: unknown, line: DraftLine) => (
                <InputNumber min={0} max={line.max} precision={0} value={line.qty} onChange={(v) => setLines((all) => all.map((x) => (x.key === line.key ? { ...x, qty: Number(v ?? 0) } : x)))} />
              ),
            },
          ]}
        />
      </Space>
      <SkuPicker
        open={picking}
        isCombination={false}
        onClose={() => setPicking(false)}
        excludeSkuIds={lines.map((l) => l.skuId)}
        onConfirm={(skus) => setLines((all) => [...all, ...skus.map((s) => ({ key: `s${s.id}`, skuId: s.id, skuCode: s.code, skuName: s.name ?? null, qty: 1 }))])}
      />
    </Modal>
  );
}

export function RmaReceiveModal({ rma, onClose }: { rma: RmaViewData | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [qty, setQty] = useState<Record<number, { good: number; defective: number }>>({});
  const receive = useRmaMutation(rmaApi.receive);
  if (!rma) return null;
  const open = rma.rmaDetails.filter((d) => d.qty > d.receivedQty);
  const valueOf = (id: number, left: number) => qty[id] ?? { good: left, defective: 0 };

  async function submit() {
    if (!rma) return;
    const lines = open
      .map((d) => ({ id: d.id, ...valueOf(d.id, d.qty - d.receivedQty) }))
      .filter((l) => l.good + l.defective > 0)
      .map((l) => ({ id: l.id, goodQty: l.good, defectiveQty: l.defective }));
    if (!lines.length) {
      toast.error(t('rma:receive.nothing'));
      return;
    }
    await receive.mutateAsync({ id: rma.id, version: rma.version, rmaDetails: lines });
    toast.success(t('rma:receive.done', { code: rma.code }));
    setQty({});
    onClose();
  }

  return (
    <Modal open title={t('rma:receive.title', { code: rma.code })} width={720} onCancel={onClose} onOk={() => void submit().catch(() => undefined)} okText={t('rma:receive.submit')} confirmLoading={receive.isPending}>
      <Typography.Paragraph type="secondary">{t('rma:receive.hint')}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={open}
        columns={[
          { title: t('rma:columns.skuCode'), dataIndex: 'skuCode' },
          { title: t('rma:columns.skuName'), dataIndex: 'skuName' },
          { title: t('rma:columns.left'), render: (_: unknown, d) => d.qty - d.receivedQty },
          {
            title: t('rma:columns.good'),
            render: (_: unknown, d) => {
              const v = valueOf(d.id, d.qty - d.receivedQty);
              return <InputNumber min={0} precision={0} value={v.good} onChange={(n) => setQty((all) => ({ ...all, [d.id]: { ...v, good: Number(n ?? 0) } }))} />;
            },
          },
          {
            title: t('rma:columns.defective'),
            render: (_: unknown, d) => {
              const v = valueOf(d.id, d.qty - d.receivedQty);
              return <InputNumber min={0} precision={0} value={v.defective} onChange={(n) => setQty((all) => ({ ...all, [d.id]: { ...v, defective: Number(n ?? 0) } }))} />;
            },
          },
        ]}
      />
    </Modal>
  );
}

export function RmaReasonsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const reasons = useRmaReasons();
  const [text, setText] = useState('');
  const create = useRmaMutation(rmaApi.createReason);
  const remove = useRmaMutation(rmaApi.deleteReason);
  return (
    <Modal open={open} title={t('rma:reasons.title')} footer={null} onCancel={onClose}>
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Input value={text} maxLength={50} placeholder={t('rma:reasons.placeholder')} onChange={(e) => setText(e.target.value)} />
        <Button
          type="primary"
          loading={create.isPending}
          onClick={() =>
            void create
              .mutateAsync(text)
              .then(() => setText(''))
              .catch(() => undefined)
          }
        >
          {t('rma:reasons.add')}
        </Button>
      </Space.Compact>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={reasons.data ?? []}
        columns={[
          { title: t('rma:columns.reason'), dataIndex: 'reason' },
          {
            title: t('rma:columns.actions'),
            width: 80,
            render: (_: unknown, r) => (
              <Popconfirm title={t('rma:reasons.confirmDelete', { reason: r.reason })} onConfirm={() => remove.mutateAsync(r.id).catch(() => undefined)}>
                <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('rma:reasons.delete')} />
              </Popconfirm>
            ),
          },
        ]}
      />
    </Modal>
  );
}
