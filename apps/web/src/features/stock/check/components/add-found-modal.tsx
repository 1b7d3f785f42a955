// Counting goods found on the shelf that the sheet does not list (or at another location): the
// SKU, its location in the check's warehouse and the counted quantity.
import { useEffect, useState } from 'react';
import { Alert, Button, Form, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { STOCK_CHECK_MAX_QTY, type SkuPick, type StockCheckDetail } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { SkuPicker } from '../../../goods/components/sku-picker';
import { useLocations } from '../../../warehouses/queries';
import { stockCheckApi } from '../api';
import { stockCheckErrorMessage, useStockCheckMutation } from '../queries';

interface Values {
  locationId: number;
  countedQty: number;
}

export function AddFoundModal({ check, open, onClose }: { check: StockCheckDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [sku, setSku] = useState<SkuPick | null>(null);
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const locations = useLocations({ warehouseId: check.warehouseId, pageSize: 1000 }, open);
  const count = useStockCheckMutation(stockCheckApi.count, { toastErrors: false });
  const options = [
    ...(check.locationId === null ? [{ value: 0, label: t('stockcheck:lines.noLocation') }] : []),
    ...(locations.data?.voList ?? []).filter((l) => check.locationId === null || l.id === check.locationId).map((l) => ({ value: l.id, label: l.code })),
  ];

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue({ locationId: check.locationId ?? 0 });
      setSku(null);
      setProblem(null);
    }
  }, [open, form, check.locationId]);

  const submit = async () => {
    const values = await form.validateFields();
    if (!sku) {
      setProblem(t('stockcheck:found.skuRequired'));
      return;
    }
    setProblem(null);
    count.mutate(
      { id: check.id, lines: [{ skuId: sku.id, locationId: values.locationId, countedQty: values.countedQty }] },
      {
        onSuccess: () => {
          toast.success(t('stockcheck:found.saved', { sku: sku.code }));
          onClose();
        },
        onError: (error) => setProblem(stockCheckErrorMessage(error)),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('stockcheck:found.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={count.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item label={t('stockcheck:fields.sku')} required>
          <Space>
            <Typography.Text strong={!!sku}>{sku ? `${sku.code} · ${sku.name}` : t('stockcheck:found.noSku')}</Typography.Text>
            <Button size="small" onClick={() => setPicking(true)}>
              {t('stockcheck:found.chooseSku')}
            </Button>
          </Space>
        </Form.Item>
        <Form.Item name="locationId" label={t('stockcheck:fields.location')} rules={[{ required: true }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} loading={locations.isFetching} options={options} aria-label={t('stockcheck:fields.location')} />
        </Form.Item>
        <Form.Item name="countedQty" label={t('stockcheck:fields.countedQty')} rules={[{ required: true, message: t('stockcheck:found.qtyRequired') }]}>
          <InputNumber<number> min={0} max={STOCK_CHECK_MAX_QTY} precision={0} style={{ width: 200 }} aria-label={t('stockcheck:fields.countedQty')} />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} role="alert" />}
      <SkuPicker
        open={picking}
        multiple={false}
        isCombination={false}
        onClose={() => setPicking(false)}
        onConfirm={(chosen) => setSku(chosen[0] ?? null)}
      />
    </Modal>
  );
}
