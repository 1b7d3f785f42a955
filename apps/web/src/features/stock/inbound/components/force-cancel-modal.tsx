// Force cancel: closes a notice at once with a reason; what was received stays in stock.
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AsnRow } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { requiredRule } from '../../../../ui/form-rules';
import { inboundApi } from '../api';
import { inboundErrorMessage, useInboundMutation } from '../queries';

export function ForceCancelModal({ asn, onClose }: { asn: AsnRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const force = useInboundMutation(inboundApi.forceCancel, { toastErrors: false });
  const submit = async () => {
    if (!asn) return;
    const { reason } = await form.validateFields();
    force.mutate(
      { id: asn.id, version: asn.version, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t('inbound:forceCancel.done', { code: asn.code }));
          onClose();
        },
        onError: (error) => form.setFields([{ name: 'reason', errors: [inboundErrorMessage(error)] }]),
      },
    );
  };
  return (
    <Modal
      open={!!asn}
      title={t('inbound:forceCancel.title', { code: asn?.code ?? '' })}
      okText={t('inbound:actions.forceCancel')}
      okButtonProps={{ danger: true }}
      cancelText={t('common:actions.cancel')}
      confirmLoading={force.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {asn && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={asn.receivedQtyTotal > 0 ? t('inbound:forceCancel.keeps', { received: asn.receivedQtyTotal, noticed: asn.qtyTotal }) : t('inbound:forceCancel.nothingReceived')}
          description={asn.statusId === 'CI_ASN_STATUS_SYNCED' ? t('inbound:forceCancel.warehouseToo') : undefined}
        />
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={t('inbound:forceCancel.reason')} rules={[requiredRule(), { max: 200 }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
