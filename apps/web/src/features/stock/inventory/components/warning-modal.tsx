// Setting a warning level: of one inventory row (with the version the row showed) or of the
// chosen rows at once. Empty or 0 removes the level.
import { useEffect } from 'react';
import { Form, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BizInventoryRow } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { inventoryApi } from '../api';
import { showFieldErrors, stockErrorMessage, useInventoryMutation } from '../queries';

export function WarningModal({ rows, onClose }: { rows: BizInventoryRow[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ warningQty: number | null }>();
  const one = rows?.length === 1 ? rows[0]! : null;
  useEffect(() => {
    if (rows) form.setFieldsValue({ warningQty: one?.warningQty ?? null });
  }, [rows, one, form]);
  const save = useInventoryMutation(
    (warningQty: number | null): Promise<unknown> =>
      one
        ? inventoryApi.updateWarning({ whId: one.whId, skuId: one.skuId, warningQty, version: one.warningVersion })
        : inventoryApi.batchUpdateWarning({ items: (rows ?? []).map((r) => ({ whId: r.whId, skuId: r.skuId })), warningQty }),
    { toastErrors: false },
  );
  const submit = ({ warningQty }: { warningQty: number | null }) =>
    save.mutate(warningQty ?? null, {
      onSuccess: () => {
        toast.success(warningQty ? t('stock:warning.saved') : t('stock:warning.removed'));
        onClose();
      },
      onError: (error) => {
        if (!showFieldErrors(form, error)) toast.error(stockErrorMessage(error));
      },
    });
  return (
    <Modal
      open={rows !== null}
      title={one ? t('stock:warning.titleOne', { sku: one.skuCode, warehouse: one.whName }) : t('stock:warning.titleMany', { count: rows?.length ?? 0 })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('stock:warning.help')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="warningQty" label={t('stock:fields.warningQty')}>
          <InputNumber min={0} max={9_999_999} precision={0} style={{ width: 200 }} placeholder={t('stock:warning.placeholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
