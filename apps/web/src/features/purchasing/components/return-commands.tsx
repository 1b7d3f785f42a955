// The commands of one purchase return as buttons (the list's row and the detail drawer share them).
// Which ones show is the core rule's answer for the return's state (purchaseReturnActions). Verify
// shows, before confirming, what the pieces will leave stock at under the return's cost rule.
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Spin } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { purchaseReturnActions, type PurchaseReturnAction, type PurchaseReturnRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { useSeesPurchasePrice } from '../queries';
import { purchaseReturnApi } from '../return-api';
import { purchaseReturnErrorMessage, usePurchaseReturn, usePurchaseReturnMutation } from '../return-queries';
import { ReturnCostPreview } from './return-cost-preview';

export function PurchaseReturnCommands({ row, onView, onDeleted, size = 'small' }: { row: PurchaseReturnRow; onView?: (row: PurchaseReturnRow) => void; onDeleted?: () => void; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const seesPrice = useSeesPurchasePrice();
  const [rejecting, setRejecting] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [reasonForm] = Form.useForm<{ reason?: string }>();
  const preview = usePurchaseReturn(verifying ? row.id : null);
  const mutations = {
    submit: usePurchaseReturnMutation(purchaseReturnApi.submit),
    retract: usePurchaseReturnMutation(purchaseReturnApi.retract),
    verify: usePurchaseReturnMutation(purchaseReturnApi.verify),
    invalid: usePurchaseReturnMutation(purchaseReturnApi.invalid),
    delete: usePurchaseReturnMutation(purchaseReturnApi.remove),
    reject: usePurchaseReturnMutation(purchaseReturnApi.reject),
  };
  const input = { id: row.id, version: row.version };
  const done = (action: PurchaseReturnAction) => toast.success(t(`purchasereturn:done.${action}`, { code: row.code }));

  const confirm = (action: 'submit' | 'retract' | 'invalid' | 'delete') =>
    Modal.confirm({
      title: t(`purchasereturn:confirm.${action}`, { code: row.code }),
      okText: t('common:actions.ok'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { danger: action === 'delete' || action === 'invalid' },
      onOk: () =>
        mutations[action].mutateAsync(input).then(() => {
          done(action);
          if (action === 'delete') onDeleted?.();
        }),
    });

  const reject = async () => {
    const values = await reasonForm.validateFields();
    await mutations.reject.mutateAsync({ ...input, reason: values.reason?.trim() || undefined });
    done('reject');
    setRejecting(false);
    reasonForm.resetFields();
  };

  const verify = async () => {
    await mutations.verify.mutateAsync(input);
    done('verify');
    setVerifying(false);
  };

  const busy = Object.values(mutations).some((m) => m.isPending);
  const button = (action: PurchaseReturnAction, onClick: () => void, danger = false) => (
    <Button key={action} type="link" size={size} danger={danger} disabled={busy} onClick={onClick}>
      {t(`purchasereturn:actions.${action}`)}
    </Button>
  );

  return (
    <>
      <Space size={0} wrap>
        {onView && (
          <Button type="link" size={size} onClick={() => onView(row)}>
            {t('purchasereturn:actions.view')}
          </Button>
        )}
        {purchaseReturnActions(row.status).map((action) => {
          switch (action) {
            case 'update':
              return button(action, () => navigate(`/purchase/create-purchase-return?id=${row.id}`));
            case 'reject':
              return button(action, () => setRejecting(true));
            case 'verify':
              return button(action, () => setVerifying(true));
            default:
              return button(action, () => confirm(action), action === 'delete' || action === 'invalid');
          }
        })}
      </Space>
      <Modal
        open={rejecting}
        title={t('purchasereturn:confirm.reject', { code: row.code })}
        okText={t('common:actions.ok')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={mutations.reject.isPending}
        onOk={() => void reject().catch(() => undefined)}
        onCancel={() => setRejecting(false)}
        destroyOnHidden
      >
        <Form form={reasonForm} layout="vertical">
          <Form.Item name="reason" label={t('purchasereturn:fields.reason')} rules={[{ max: 200 }]}>
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={verifying}
        width={720}
        title={t('purchasereturn:confirm.verify', { code: row.code })}
        okText={t('purchasereturn:actions.verify')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={mutations.verify.isPending}
        okButtonProps={{ disabled: !preview.data }}
        onOk={() => void verify().catch(() => undefined)}
        onCancel={() => setVerifying(false)}
        destroyOnHidden
      >
        <Alert type="info" showIcon message={t('purchasereturn:verifyExplain')} style={{ marginBottom: 12 }} />
        {preview.error && <Alert type="error" showIcon message={purchaseReturnErrorMessage(preview.error)} />}
        {preview.isLoading && <Spin />}
        {preview.data && <ReturnCostPreview lines={preview.data.lines} rule={preview.data.purchaseReturn.costRule} seesPrice={seesPrice} />}
      </Modal>
    </>
  );
}
