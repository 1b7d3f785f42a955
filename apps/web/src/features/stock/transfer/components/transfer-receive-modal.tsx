// Receive a shipped transfer into the target warehouse: each line's location, chosen now (the one
// chosen at creation is offered first). A warehouse with locations needs one per line.
import { useEffect, useState } from 'react';
import { Alert, Form, Modal, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransferDetailRow, TransferRow } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { outboundErrorMessage, showFieldErrors } from '../../outbound/queries';
import { transferApi } from '../api';
import { useTransfer, useTransferMutation } from '../queries';
import { useLocationOptions } from './transfer-form-drawer';

export function TransferReceiveModal({ transfer, onClose }: { transfer: TransferRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useTransfer(transfer?.id ?? null);
  const locations = useLocationOptions(transfer?.inWarehouseId);
  const [form] = Form.useForm<{ details: { detailId: number; inLocationId: number | null }[] }>();
  const [error, setError] = useState<string | null>(null);
  const receive = useTransferMutation(transferApi.receive, { toastErrors: false });
  const lines = detail.data?.details ?? [];
  const needsLocation = locations.length > 0;

  useEffect(() => {
    setError(null);
    if (detail.data) form.setFieldsValue({ details: detail.data.details.map((d) => ({ detailId: d.id, inLocationId: d.inLocationId })) });
  }, [detail.data, form]);

  const submit = (values: { details: { detailId: number; inLocationId: number | null }[] }) => {
    if (!transfer) return;
    setError(null);
    receive.mutate(
      { id: transfer.id, version: detail.data?.version ?? transfer.version, details: values.details.map((d) => ({ detailId: d.detailId, inLocationId: d.inLocationId ?? null })) },
      {
        onSuccess: (after) => {
          toast.success(t('outbound:transfer.receive.done', { code: after.code }));
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
      open={!!transfer}
      title={t('outbound:transfer.receive.title', { code: transfer?.code ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('outbound:transfer.receive.ok')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={receive.isPending}
      width={760}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('outbound:transfer.receive.help', { warehouse: transfer?.inWarehouseName ?? '' })}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form form={form} onFinish={submit} component={false}>
        <Table<TransferDetailRow>
          rowKey="id"
          size="small"
          pagination={false}
          loading={detail.isFetching}
          dataSource={lines}
          columns={[
            { title: t('outbound:fields.skuCode'), dataIndex: 'skuCode', width: 170 },
            { title: t('outbound:fields.skuName'), render: (_, r) => [r.skuName, r.specifications].filter(Boolean).join(' / ') || '-' },
            { title: t('outbound:fields.qty'), dataIndex: 'qty', width: 80, align: 'right' },
            {
              title: t('outbound:transfer.fields.inLocation'),
              width: 220,
              render: (_, r, index) => (
                <>
                  <Form.Item name={['details', index, 'detailId']} hidden>
                    <Select />
                  </Form.Item>
                  <Form.Item name={['details', index, 'inLocationId']} style={{ margin: 0 }} rules={needsLocation ? [{ required: true, message: t('outbound:errors.ERR_OUTBOUND_LOCATION_REQUIRED') }] : []}>
                    <Select
                      allowClear
                      showSearch={{ optionFilterProp: 'label' }}
                      options={locations}
                      disabled={!needsLocation}
                      placeholder={needsLocation ? t('outbound:transfer.receive.chooseLocation') : t('outbound:transfer.receive.noLocations')}
                      aria-label={t('outbound:transfer.receive.locationOf', { sku: r.skuCode })}
                    />
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
