// The commands of one purchase order as buttons (the list's row and the detail drawer share them).
// Which ones show is the core rule's answer for the order's state (purchaseOrderActions).
import { useState } from 'react';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { purchaseOrderActions, type PurchaseAction, type PurchaseRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { purchaseApi } from '../api';
import { usePurchaseMutation } from '../queries';

export function PurchaseCommands({ row, onView, onDeleted, size = 'small' }: { row: PurchaseRow; onView?: (row: PurchaseRow) => void; onDeleted?: () => void; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<'reject' | 'closeShort' | null>(null);
  const [reasonForm] = Form.useForm<{ reason?: string }>();
  const mutations = {
    submit: usePurchaseMutation(purchaseApi.submit),
    retract: usePurchaseMutation(purchaseApi.retract),
    verify: usePurchaseMutation(purchaseApi.verify),
    invalid: usePurchaseMutation(purchaseApi.invalid),
    delete: usePurchaseMutation(purchaseApi.remove),
    reject: usePurchaseMutation(purchaseApi.reject),
    closeShort: usePurchaseMutation(purchaseApi.closeShort),
  };
  const input = { id: row.id, version: row.version };
  const done = (action: PurchaseAction) => () => toast.success(t(`purchase:done.${action}`, { code: row.code }));

  const confirm = (action: 'submit' | 'retract' | 'verify' | 'invalid' | 'delete') =>
    Modal.confirm({
      title: t(`purchase:confirm.${action}`, { code: row.code }),
      okText: t('common:actions.ok'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { danger: action === 'delete' || action === 'invalid' },
      onOk: () =>
        mutations[action].mutateAsync(input).then(() => {
          done(action)();
          if (action === 'delete') onDeleted?.();
        }),
    });

  const askReason = async () => {
    const values = await reasonForm.validateFields();
    const reason = values.reason?.trim() ?? '';
    if (asking === 'reject') await mutations.reject.mutateAsync({ ...input, reason: reason || undefined });
    if (asking === 'closeShort') await mutations.closeShort.mutateAsync({ ...input, reason });
    done(asking!)();
    setAsking(null);
    reasonForm.resetFields();
  };

  const busy = Object.values(mutations).some((m) => m.isPending);
  const button = (action: PurchaseAction, onClick: () => void, danger = false) => (
    <Button key={action} type="link" size={size} danger={danger} disabled={busy} onClick={onClick}>
      {t(`purchase:actions.${action}`)}
    </Button>
  );

  return (
    <>
      <Space size={0} wrap>
        {onView && (
          <Button type="link" size={size} onClick={() => onView(row)}>
            {t('purchase:actions.view')}
          </Button>
        )}
        {purchaseOrderActions(row.status).map((action) => {
          switch (action) {
            case 'update':
              return button(action, () => navigate(`/purchase/create-purchase-order?id=${row.id}`));
            case 'reject':
            case 'closeShort':
              return button(action, () => setAsking(action), action === 'closeShort');
            default:
              return button(action, () => confirm(action), action === 'delete' || action === 'invalid');
          }
        })}
      </Space>
      <Modal
        open={asking !== null}
        title={asking ? t(`purchase:confirm.${asking}`, { code: row.code }) : ''}
        okText={t('common:actions.ok')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={mutations.reject.isPending || mutations.closeShort.isPending}
        onOk={() => void askReason().catch(() => undefined)}
        onCancel={() => setAsking(null)}
        destroyOnHidden
      >
        <Form form={reasonForm} layout="vertical">
          <Form.Item name="reason" label={t('purchase:fields.reason')} rules={asking === 'closeShort' ? [{ required: true, whitespace: true, message: t('purchase:form.reasonRequired') }, { max: 200 }] : [{ max: 200 }]}>
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
