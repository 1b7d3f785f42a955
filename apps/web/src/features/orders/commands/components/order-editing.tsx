// The edits of one order in its drawer (spec 02 §4.3): the actions area (edit receiver, add SKU),
// a column of line actions (delete, replace SKU) and the orders it could be merged with. Lines and
// merges change only while the order is pending review; the receiver until it is shipped.
//
//   const editing = useOrderEditing(order);
//   editing.toolbar · editing.lineColumn (null when the lines cannot change) · editing.mergePanel · editing.dialogs
import { useState, type ReactNode } from 'react';
import { Button, Empty, Form, Input, InputNumber, Modal, Space, Table, Tag, Typography, type TableColumnType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, ORDER_STATUS, type MergeSoRow, type OrderLineRow, type OrderRow } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { DateTime } from '../../../../ui/relative-time';
import { SkuPicker, type SkuPick } from '../../../goods/components/sku-picker';
import { orderCommandsApi } from '../api';
import { isPendingOrder, receiverEditable } from '../order-edits';
import { commandErrorMessage, useOrderCommand } from '../queries';
import { OrderStatusTag } from '../../list/components/order-cells';
import { ReceiverModal } from './receiver-modal';
import { useShellApi } from '../../../../ui/shell-api';

const MONEY = /^\d{1,14}(\.\d{1,4})?$/;

export interface OrderEditing {
  toolbar: ReactNode;
  lineColumn: TableColumnType<OrderLineRow> | null;
  mergePanel: ReactNode;
  dialogs: ReactNode;
}

export function useOrderEditing(order: OrderRow): OrderEditing {
  const { t } = useTranslation();
  const { modal } = useShellApi();
  const [receiverOpen, setReceiverOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const [replacing, setReplacing] = useState<OrderLineRow | null>(null);
  const deleteSku = useOrderCommand(orderCommandsApi.deleteSku);
  const replaceSku = useOrderCommand(orderCommandsApi.replaceSku);
  const pending = isPendingOrder(order);
  const liveLines = order.lines.filter((l) => l.cancelTag === 0);

  function confirmDelete(line: OrderLineRow) {
    modal.confirm({
      title: t('ordercommands:lines.deleteTitle', { sku: line.skuCode ?? line.outerSkuId ?? `#${line.lineSeq}` }),
      content: t('ordercommands:lines.deleteBody'),
      okText: t('ordercommands:lines.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      autoFocusButton: 'ok',
      onOk: () =>
        deleteSku.mutateAsync({ id: order.id, version: order.version, lineIdList: [line.id] }).then(
          () => toast.success(t('ordercommands:lines.deleted')),
          (e: unknown) => toast.error(commandErrorMessage(e)),
        ),
    });
  }

  function replace(line: OrderLineRow, sku: SkuPick) {
    replaceSku.mutate(
      { id: order.id, version: order.version, lineId: line.id, skuId: sku.id },
      {
        onSuccess: () => toast.success(t('ordercommands:lines.replaced', { sku: sku.code })),
        onError: (e) => toast.error(commandErrorMessage(e)),
      },
    );
  }

  const toolbar = (
    <Space wrap style={{ marginBottom: 12 }} data-testid="order-drawer-actions">
      <Button onClick={() => setReceiverOpen(true)} disabled={!receiverEditable(order)}>
        {t('ordercommands:receiver.edit')}
      </Button>
      <Button onClick={() => setAdding(true)} disabled={!pending}>
        {t('ordercommands:lines.add')}
      </Button>
      {!pending && <Typography.Text type="secondary">{t('ordercommands:lines.onlyPending')}</Typography.Text>}
    </Space>
  );

  const lineColumn: TableColumnType<OrderLineRow> | null = pending
    ? {
        title: t('ordercommands:lines.actions'),
        key: 'actions',
        width: 110,
        render: (_, line) =>
          line.cancelTag > 0 ? null : (
            <Space size={0} direction="vertical" align="start">
              <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setReplacing(line)} loading={replaceSku.isPending && replaceSku.variables?.lineId === line.id}>
                {t('ordercommands:lines.replace')}
              </Button>
              <Button type="link" size="small" style={{ paddingInline: 0 }} danger disabled={liveLines.length <= 1} title={liveLines.length <= 1 ? t('ordercommands:errors.ERR_ORDER_LAST_LINE') : undefined} onClick={() => confirmDelete(line)}>
                {t('ordercommands:lines.delete')}
              </Button>
            </Space>
          ),
      }
    : null;

  const dialogs = (
    <>
      <ReceiverModal order={order} open={receiverOpen} onClose={() => setReceiverOpen(false)} />
      <AddSkuModal order={order} open={adding} onClose={() => setAdding(false)} />
      <SkuPicker
        open={!!replacing}
        multiple={false}
        title={replacing ? t('ordercommands:lines.replaceTitle', { sku: replacing.skuCode ?? replacing.outerSkuId ?? `#${replacing.lineSeq}` }) : undefined}
        excludeSkuIds={replacing?.skuId ? [replacing.skuId] : undefined}
        onClose={() => setReplacing(null)}
        onConfirm={(skus) => {
          const line = replacing;
          setReplacing(null);
          if (line && skus[0]) replace(line, skus[0]);
        }}
      />
    </>
  );

  return { toolbar, lineColumn, mergePanel: pending ? <MergeCandidates order={order} /> : null, dialogs };
}

interface AddValues {
  qty: number;
  price: string;
}

/** Add a SKU: choose it in the goods SKU picker, then the quantity and the unit price (the SKU's price by default). */
function AddSkuModal({ order, open, onClose }: { order: OrderRow; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddValues>();
  const [sku, setSku] = useState<SkuPick | null>(null);
  const [picking, setPicking] = useState(false);
  const add = useOrderCommand(orderCommandsApi.addSku);

  function close() {
    setSku(null);
    form.resetFields();
    onClose();
  }

  function choose(skus: SkuPick[]) {
    const chosen = skus[0] ?? null;
    setSku(chosen);
    setPicking(false);
    if (chosen) form.setFieldsValue({ qty: form.getFieldValue('qty') ?? 1, price: chosen.price ?? '0' });
  }

  function submit(values: AddValues) {
    if (!sku) {
      toast.error(t('ordercommands:lines.chooseSku'));
      return;
    }
    add.mutate(
      { id: order.id, version: order.version, skuId: sku.id, qty: values.qty, price: String(values.price).trim() },
      {
        onSuccess: () => {
          toast.success(t('ordercommands:lines.added', { sku: sku.code }));
          close();
        },
        onError: (e) => toast.error(commandErrorMessage(e)),
      },
    );
  }

  return (
    <>
      <Modal
        open={open && !picking}
        title={t('ordercommands:lines.addTitle', { code: order.code })}
        onCancel={close}
        onOk={() => form.submit()}
        okText={t('ordercommands:dialog.ok')}
        okButtonProps={{ disabled: !sku }}
        cancelText={t('common:actions.cancel')}
        confirmLoading={add.isPending}
        destroyOnHidden={false}
      >
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ qty: 1 }} data-testid="add-sku-form">
          <Form.Item label={t('ordercommands:lines.sku')} required>
            <Space wrap>
              {sku ? (
                <Typography.Text>
                  <Tag style={{ marginInlineEnd: 8 }}>{sku.code}</Tag>
                  {[sku.name, sku.specifications].filter(Boolean).join(' / ')}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('ordercommands:lines.noSku')}</Typography.Text>
              )}
              <Button onClick={() => setPicking(true)} autoFocus={!sku}>
                {sku ? t('ordercommands:lines.changeSku') : t('ordercommands:lines.chooseSku')}
              </Button>
            </Space>
          </Form.Item>
          <Space size={12} align="start">
            <Form.Item name="qty" label={t('ordercommands:fields.qty')} rules={[{ required: true, message: t('ordercommands:lines.qtyRequired') }]}>
              <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item
              name="price"
              label={t('ordercommands:lines.price')}
              rules={[
                { required: true, message: t('ordercommands:lines.priceInvalid') },
                { validator: (_, v: unknown) => (v === undefined || v === '' || MONEY.test(String(v).trim()) ? Promise.resolve() : Promise.reject(new Error(t('ordercommands:lines.priceInvalid')))) },
              ]}
            >
              <Input style={{ width: 160 }} inputMode="decimal" />
            </Form.Item>
          </Space>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Modal>
      <SkuPicker open={open && picking} multiple={false} onClose={() => setPicking(false)} onConfirm={choose} />
    </>
  );
}

/**
 * Open orders of the same store, buyer and receiver; the chosen ones merge with this order. A
 * reviewed one (merge status verified, in the print screen) is shown but cannot be chosen until
 * its review is cancelled.
 */
function MergeCandidates({ order }: { order: OrderRow }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number[]>([]);
  const candidates = useQuery({ queryKey: ['orders', 'mergeCandidates', order.id, order.version], queryFn: () => orderCommandsApi.mergeCandidates(order.id) });
  const merge = useOrderCommand(orderCommandsApi.merge);
  const rows = candidates.data?.voList ?? [];

  function run() {
    merge.mutate(
      { idList: [order.id, ...chosen] },
      {
        onSuccess: (r) => {
          setChosen([]);
          toast.success(t('ordercommands:merge.done', { code: r.code, count: r.sourceIds.length }));
        },
        onError: (e) => toast.error(commandErrorMessage(e)),
      },
    );
  }

  return (
    <div style={{ marginBottom: 16 }} data-testid="merge-candidates">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('ordercommands:mergeCandidates.title')}
        </Typography.Title>
        <Button type="primary" disabled={chosen.length === 0} loading={merge.isPending} onClick={run}>
          {chosen.length ? t('ordercommands:mergeCandidates.merge', { count: chosen.length + 1 }) : t('ordercommands:actions.merge')}
        </Button>
      </Space>
      <Table<MergeSoRow>
        rowKey="id"
        size="small"
        loading={candidates.isLoading}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ordercommands:mergeCandidates.none')} /> }}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(Number)), getCheckboxProps: (r) => ({ disabled: r.statusCode !== 'normal' }) }}
        columns={[
          { title: t('ordercommands:result.order'), dataIndex: 'code', width: 180 },
          { key: 'status', width: 110, render: (_, r) => <OrderStatusTag status={r.statusCode === 'normal' ? ORDER_STATUS.NORMAL : ORDER_STATUS.VERIFIED} /> },
          { title: t('ordercommands:mergeCandidates.platformNos'), render: (_, r) => r.platformNos.join(', ') || '-' },
          { title: t('ordercommands:fields.qty'), dataIndex: 'qtyTotal', width: 80, align: 'right' },
          { title: t('ordercommands:mergeCandidates.amount'), dataIndex: 'amountTotal', width: 110, align: 'right', render: (v: string) => formatMoney(v) },
          { title: t('ordercommands:mergeCandidates.createdAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => <DateTime value={v} /> },
        ]}
      />
    </div>
  );
}
