// The dialogs of outbound-order commands: deliver (what left, line by line; less than asked is a
// short shipment and the rest is released), cancel (an optional reason) and force cancel (a
// reason is required).
import { useEffect, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WdoDetailRow, WdoRow } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { outboundApi } from '../api';
import { outboundErrorMessage, showFieldErrors, useOutboundMutation, useWdo } from '../queries';

export function DeliverModal({ wdo, onClose }: { wdo: WdoRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useWdo(wdo?.id ?? null);
  const [form] = Form.useForm<{ lines: { detailId: number; qty: number }[] }>();
  const [error, setError] = useState<string | null>(null);
  const deliver = useOutboundMutation(outboundApi.deliver, { toastErrors: false });
  const lines = detail.data?.wdoDetails ?? [];

  useEffect(() => {
    setError(null);
    if (detail.data) form.setFieldsValue({ lines: detail.data.wdoDetails.map((d) => ({ detailId: d.id, qty: d.qty - d.deliveredQty })) });
  }, [detail.data, form]);

  const submit = (values: { lines: { detailId: number; qty: number }[] }) => {
    if (!wdo) return;
    setError(null);
    deliver.mutate(
      { id: wdo.id, version: detail.data?.version ?? wdo.version, lines: values.lines.map((l) => ({ detailId: l.detailId, qty: l.qty ?? 0 })) },
      {
        onSuccess: (after) => {
          toast.success(t('outbound:deliver.done', { code: after.code, count: after.deliveredQtyTotal }));
          onClose();
        },
        onError: (e) => {
          if (!showFieldErrors(form, e)) setError(outboundErrorMessage(e));
        },
      },
    );
  };

  return (
    <Modal
      open={!!wdo}
      title={t('outbound:deliver.title', { code: wdo?.code ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('outbound:deliver.ok')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={deliver.isPending}
      width={760}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('outbound:deliver.help')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form form={form} onFinish={submit} component={false}>
        <Table<WdoDetailRow>
          rowKey="id"
          size="small"
          loading={detail.isFetching}
          pagination={false}
          dataSource={lines}
          columns={[
            { title: t('outbound:fields.skuCode'), dataIndex: 'skuCode', width: 160 },
            { title: t('outbound:fields.skuName'), render: (_, r) => [r.skuName, r.specifications].filter(Boolean).join(' / ') || '-' },
            { title: t('outbound:fields.qty'), dataIndex: 'qty', width: 90, align: 'right' },
            {
              title: t('outbound:deliver.leaving'),
              width: 150,
              render: (_, r, index) => (
                <>
                  <Form.Item name={['lines', index, 'detailId']} hidden initialValue={r.id}>
                    <Input />
                  </Form.Item>
                  <Form.Item
                    name={['lines', index, 'qty']}
                    style={{ margin: 0 }}
                    rules={[{ required: true, message: t('common:validation.required') }]}
                  >
                    <InputNumber min={0} max={r.qty - r.deliveredQty} precision={0} style={{ width: '100%' }} aria-label={t('outbound:deliver.leavingOf', { sku: r.skuCode })} />
                  </Form.Item>
                </>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}

export type ReasonAction = 'cancel' | 'forceCancel';

export function ReasonModal({ wdo, action, onClose }: { wdo: WdoRow | null; action: ReasonAction; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const [error, setError] = useState<string | null>(null);
  const run = useOutboundMutation((reason: string | undefined) => {
    const input = { id: wdo!.id, version: wdo!.version };
    return action === 'cancel' ? outboundApi.cancel({ ...input, reason }) : outboundApi.forceCancel({ ...input, reason: reason ?? '' });
  }, { toastErrors: false });

  useEffect(() => {
    if (wdo) {
      form.resetFields();
      setError(null);
    }
  }, [wdo, form]);

  const required = action === 'forceCancel';
  return (
    <Modal
      open={!!wdo}
      title={t(`outbound:${action}.title`, { code: wdo?.code ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t(`outbound:${action}.ok`)}
      okButtonProps={{ danger: true }}
      cancelText={t('common:actions.cancel')}
      confirmLoading={run.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph>{t(`outbound:${action}.help`)}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          run.mutate(v.reason?.trim() || undefined, {
            onSuccess: (after) => {
              toast.success(after.status === 'CI_WDO_STATUS_CANCELLED' ? t('outbound:cancel.done', { code: after.code }) : t('outbound:cancel.requested', { code: after.code }));
              onClose();
            },
            onError: (e) => {
              if (!showFieldErrors(form, e)) setError(outboundErrorMessage(e));
            },
          })
        }
      >
        <Form.Item name="reason" label={t('outbound:fields.cancelReason')} rules={required ? [{ required: true, whitespace: true, message: t('outbound:forceCancel.reasonRequired') }, { max: 200 }] : [{ max: 200 }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
