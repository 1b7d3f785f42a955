// The commands of one payable or payment as buttons. Which ones show is the row's `actions`, the
// core rule's answer for its state (payableActions / paidActions).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaidAction, PayableAction } from '@openseller/core';
import { toast } from '../../../app/toast';
import { payableApi, paymentApi } from '../api';
import { useFinanceMutation } from '../queries';

type Action = PayableAction | PaidAction;

export function FinanceCommands({ kind, row, onView }: { kind: 'payable' | 'payment'; row: { id: number; code: string; version: number; actions: readonly Action[] }; onView?: () => void }) {
  const { t } = useTranslation();
  type Version = { id: number; version: number };
  const api: Record<'submit' | 'retract' | 'verify' | 'invalid' | 'remove', (input: Version) => Promise<unknown>> & { reject: (input: Version & { reason?: string }) => Promise<unknown> } =
    kind === 'payable' ? payableApi : paymentApi;
  const navigate = useNavigate();
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason?: string }>();
  const mutations = {
    submit: useFinanceMutation(api.submit),
    retract: useFinanceMutation(api.retract),
    verify: useFinanceMutation(api.verify),
    invalid: useFinanceMutation(api.invalid),
    delete: useFinanceMutation(api.remove),
    reject: useFinanceMutation(api.reject),
  };
  const input = { id: row.id, version: row.version };
  const busy = Object.values(mutations).some((m) => m.isPending);
  const done = (action: Action) => toast.success(t(`finance:done.${action}`, { code: row.code }));

  const confirm = (action: 'submit' | 'retract' | 'verify' | 'invalid' | 'delete') =>
    Modal.confirm({
      title: t(`finance:confirm.${kind}.${action}`, { code: row.code }),
      okText: t('common:actions.ok'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { danger: action === 'delete' || action === 'invalid' },
      onOk: () => mutations[action].mutateAsync(input).then(() => done(action)),
    });

  const reject = async () => {
    const values = await form.validateFields();
    await mutations.reject.mutateAsync({ ...input, reason: values.reason?.trim() || undefined });
    done('reject');
    setRejecting(false);
    form.resetFields();
  };

  return (
    <>
      <Space size={0} wrap>
        {onView && (
          <Button type="link" size="small" onClick={onView}>
            {t('finance:actions.view')}
          </Button>
        )}
        {row.actions
          .filter((a) => a !== 'update' || kind === 'payable')
          .map((action) => (
            <Button
              key={action}
              type="link"
              size="small"
              danger={action === 'delete' || action === 'invalid'}
              disabled={busy}
              onClick={() =>
                action === 'update'
                  ? navigate(`/finance/payment-management/create-payable?id=${row.id}`)
                  : action === 'reject'
                    ? setRejecting(true)
                    : confirm(action as 'submit' | 'retract' | 'verify' | 'invalid' | 'delete')
              }
            >
              {t(`finance:actions.${action}`)}
            </Button>
          ))}
      </Space>
      <Modal
        open={rejecting}
        title={t(`finance:confirm.${kind}.reject`, { code: row.code })}
        okText={t('common:actions.ok')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={mutations.reject.isPending}
        onOk={() => void reject().catch(() => undefined)}
        onCancel={() => setRejecting(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label={t('finance:fields.rejectReason')} rules={[{ max: 200 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
