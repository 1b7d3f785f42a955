// Adds a warehouse to a store's sync rules, or changes a rule's ratio and safety stock.
import { useEffect } from 'react';
import { Form, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isSyncRatio, quantityToPush, type StockSyncRuleRow, type StockSyncStoreRow } from '@openseller/core';
import { ApiError, errorMessage } from '../../../../app/request';
import { toast } from '../../../../app/toast';
import { applyServerFieldErrors } from '../../../accounts/components/form-errors';
import { WarehouseSelect } from '../../../warehouses/components/warehouse-select';
import { stockSyncApi } from '../api';
import { useStockSyncMutation } from '../queries';

interface Values {
  warehouseId?: number;
  ratio?: number;
  safetyStock?: number;
}

export function RuleModal(props: { store: StockSyncStoreRow; rule: StockSyncRuleRow | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editing = props.rule;
  const save = useStockSyncMutation((v: Values) =>
    editing
      ? stockSyncApi.updateRule({ id: editing.id, version: editing.version, ratio: v.ratio!, safetyStock: v.safetyStock ?? 0 })
      : stockSyncApi.createRule({ storeId: props.store.storeId, warehouseId: v.warehouseId!, ratio: v.ratio!, safetyStock: v.safetyStock ?? 0 }),
  );

  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    form.setFieldsValue(editing ? { warehouseId: editing.warehouseId, ratio: Number(editing.ratio), safetyStock: editing.safetyStock } : { ratio: 1, safetyStock: 0 });
  }, [props.open, editing, form]);

  const ratio = Form.useWatch('ratio', form);
  const safety = Form.useWatch('safetyStock', form);
  const example = typeof ratio === 'number' && isSyncRatio(ratio) && typeof safety === 'number' && safety >= 0 ? quantityToPush({ available: 100, ratio, safetyStock: safety }) : null;
  const used = props.store.rules.map((r) => r.warehouseName);

  return (
    <Modal
      open={props.open}
      title={editing ? t('stocksync:rules.editTitle', { warehouse: editing.warehouseName }) : t('stocksync:rules.addTitle', { store: props.store.name })}
      onCancel={props.onClose}
      okText={t('common:actions.save')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          save.mutate(values, {
            onSuccess: () => {
              toast.success(t('common:saved'));
              props.onClose();
            },
            onError: (error) => {
              if (!(error instanceof ApiError) || !applyServerFieldErrors(form, error)) toast.error(errorMessage(error as ApiError));
            },
          })
        }
      >
        <Form.Item name="warehouseId" label={t('stocksync:rules.warehouse')} rules={[{ required: true, message: t('stocksync:validation.warehouseRequired') }]}>
          <WarehouseSelect disabled={!!editing} style={{ width: '100%' }} {...(editing ? { includeStopped: true } : {})} />
        </Form.Item>
        {!editing && used.length > 0 && (
          <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
            {t('stocksync:rules.alreadyUsed', { names: used.join(', ') })}
          </Typography.Paragraph>
        )}
        <Form.Item
          name="ratio"
          label={t('stocksync:rules.ratio')}
          extra={t('stocksync:rules.ratioHint')}
          rules={[
            { required: true, message: t('stocksync:validation.ratioRequired') },
            { validator: (_r, v: number | undefined) => (v === undefined || v === null || isSyncRatio(v) ? Promise.resolve() : Promise.reject(new Error(t('stocksync:validation.ratioRange')))) },
          ]}
        >
          <InputNumber step={0.05} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="safetyStock"
          label={t('stocksync:rules.safetyStock')}
          extra={t('stocksync:rules.safetyHint')}
          rules={[
            { required: true, message: t('stocksync:validation.safetyRequired') },
            {
              validator: (_r, v: number | undefined) =>
                v === undefined || v === null || (Number.isInteger(v) && v >= 0) ? Promise.resolve() : Promise.reject(new Error(t('stocksync:validation.safetyRange'))),
            },
          ]}
        >
          <InputNumber step={1} style={{ width: '100%' }} />
        </Form.Item>
        {example !== null && <Typography.Text type="secondary">{t('stocksync:rules.example', { quantity: example })}</Typography.Text>}
      </Form>
    </Modal>
  );
}
