// Making a stock check: the warehouse, then optionally one of its locations and a list of goods
// (empty: every location, every SKU). Refusals (an open check covering the same stock, a stopped
// warehouse) go next to the field they name.
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SkuPick, StockCheckDetail } from '@openseller/core';
import { ApiError } from '../../../../app/request';
import { applyServerFieldErrors } from '../../../accounts/components/form-errors';
import { SkuPicker } from '../../../goods/components/sku-picker';
import { WarehouseSelect } from '../../../warehouses/components/warehouse-select';
import { useLocations } from '../../../warehouses/queries';
import { stockCheckApi } from '../api';
import { stockCheckErrorMessage, useStockCheckMutation } from '../queries';

interface Values {
  warehouseId?: number;
  locationId?: number | null;
  skuIds?: number[];
  remark?: string;
}

export function CreateCheckModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (check: StockCheckDetail) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const warehouseId = Form.useWatch('warehouseId', form);
  const [skus, setSkus] = useState<SkuPick[]>([]);
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const locations = useLocations({ warehouseId: warehouseId ?? -1, pageSize: 1000 }, !!warehouseId);
  const create = useStockCheckMutation(stockCheckApi.create, { toastErrors: false });

  useEffect(() => {
    if (open) {
      form.resetFields();
      setSkus([]);
      setProblem(null);
    }
  }, [open, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setProblem(null);
    create.mutate(
      { warehouseId: values.warehouseId!, locationId: values.locationId ?? null, skuIds: skus.map((s) => s.id), remark: values.remark ?? null },
      {
        onSuccess: (check) => onCreated(check),
        // A refusal naming a field of the form goes next to it; any other (a SKU of the list) above the buttons.
        onError: (error) => {
          if (!(error instanceof ApiError) || !applyServerFieldErrors(form, error)) setProblem(stockCheckErrorMessage(error));
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('stockcheck:create.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('stockcheck:create.submit')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={create.isPending}
      width={640}
      maskClosable={false}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item name="warehouseId" label={t('stockcheck:fields.warehouse')} rules={[{ required: true, message: t('stockcheck:create.warehouseRequired') }]}>
          <WarehouseSelect
            aria-label={t('stockcheck:fields.warehouse')}
            style={{ width: '100%' }}
            onChange={(id) => {
              form.setFieldsValue({ warehouseId: id, locationId: null });
              form.setFields([{ name: 'warehouseId', errors: [] }]);
            }}
          />
        </Form.Item>
        <Form.Item name="locationId" label={t('stockcheck:fields.location')} extra={t('stockcheck:create.locationHint')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            disabled={!warehouseId}
            loading={locations.isFetching}
            aria-label={t('stockcheck:fields.location')}
            placeholder={t('stockcheck:create.allLocations')}
            options={(locations.data?.voList ?? []).map((l) => ({ value: l.id, label: l.code }))}
          />
        </Form.Item>
        <Form.Item label={t('stockcheck:fields.scopeSkus')} extra={t('stockcheck:create.skusHint')}>
          <Space wrap>
            {skus.map((s) => (
              <Tag key={s.id} closable onClose={() => setSkus((list) => list.filter((x) => x.id !== s.id))}>
                {s.code}
              </Tag>
            ))}
            <Button size="small" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
              {t('stockcheck:create.chooseSkus')}
            </Button>
            {!skus.length && <Typography.Text type="secondary">{t('stockcheck:create.allSkus')}</Typography.Text>}
          </Space>
        </Form.Item>
        <Form.Item name="remark" label={t('stockcheck:fields.remark')} rules={[{ max: 200 }]}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} role="alert" />}
      <SkuPicker
        open={picking}
        isCombination={false}
        initialSelected={skus}
        title={t('stockcheck:create.chooseSkus')}
        onClose={() => setPicking(false)}
        onConfirm={(chosen) => setSkus(chosen)}
      />
    </Modal>
  );
}
