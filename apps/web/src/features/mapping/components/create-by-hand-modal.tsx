// Type in an online SKU a store does not report (an offline store, a listing missing from the
// sync), optionally mapped at once to a system SKU.
import { useState } from 'react';
import { Alert, Button, Col, Form, Input, Modal, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { decimalPlaces, isDecimalText, platformName, type SkuPick } from '@openseller/core';
import { toast } from '../../../app/toast';
import { requiredRule } from '../../../ui/form-rules';
import { SkuPicker } from '../../goods/components/sku-picker';
import { mappingApi, type CreateTbSkuByHandValues } from '../api';
import { mappingErrorMessage, useMappingMutation, useMappingStores } from '../queries';
import { showFieldErrors } from './form-errors';

const FIELDS = ['storeId', 'tbSpuId', 'itemTitle', 'outerId', 'tbSkuId', 'properties', 'outerSkuId', 'price'] as const;

export function CreateByHandModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<CreateTbSkuByHandValues>();
  const stores = useMappingStores();
  const [sku, setSku] = useState<SkuPick | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMappingMutation(mappingApi.createByHand, { toastErrors: false });

  const close = () => {
    form.resetFields();
    setSku(null);
    setProblem(null);
    onClose();
  };

  const save = async () => {
    // A form with problems shows them next to the fields; nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setProblem(null);
    create.mutate(
      { ...values, ...(sku ? { skuId: sku.id } : {}) },
      {
        onSuccess: (row) => {
          toast.success(t('mapping:byHand.done', { tbSkuId: row.tbSkuId }));
          close();
        },
        onError: (error) => {
          if (!showFieldErrors(form, error, FIELDS)) setProblem(mappingErrorMessage(error));
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('mapping:byHand.title')}
      onCancel={close}
      onOk={() => void save()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={create.isPending}
      maskClosable={false}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('mapping:byHand.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="storeId" label={t('mapping:fields.store')} rules={[{ required: true, message: t('common:validation.required') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={stores.isFetching}
            placeholder={t('mapping:filters.store')}
            notFoundContent={t('mapping:byHand.noStores')}
            options={(stores.data ?? []).map((s) => ({ value: s.id, label: `${s.name} · ${platformName(s.platformCode, i18n.language)}` }))}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="tbSpuId" label={t('mapping:fields.tbSpuId')} rules={[requiredRule(), { max: 64 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="outerId" label={t('mapping:fields.outerId')} rules={[{ max: 100 }]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="itemTitle" label={t('mapping:fields.itemTitle')} rules={[requiredRule(), { max: 300 }]}>
          <Input />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="tbSkuId" label={t('mapping:fields.tbSkuId')} rules={[requiredRule(), { max: 64 }]} extra={t('mapping:byHand.tbSkuIdHint')}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="outerSkuId" label={t('mapping:fields.outerSkuId')} rules={[{ max: 100 }]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="properties" label={t('mapping:fields.properties')} rules={[{ max: 500 }]}>
              <Input placeholder={t('mapping:byHand.propertiesPlaceholder')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="price"
              label={t('mapping:fields.price')}
              rules={[
                {
                  validator: (_r, value: string | undefined) => {
                    const v = value?.trim();
                    if (!v) return Promise.resolve();
                    if (!isDecimalText(v) || v.startsWith('-')) return Promise.reject(new Error(t('mapping:byHand.priceInvalid')));
                    if (decimalPlaces(v) > 4) return Promise.reject(new Error(t('mapping:byHand.priceDecimals')));
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('mapping:byHand.mapTo')} extra={t('mapping:byHand.mapToHint')}>
          {sku ? (
            <span>
              <Typography.Text strong>{sku.code}</Typography.Text> {sku.name}{' '}
              <Button type="link" size="small" onClick={() => setPickerOpen(true)}>
                {t('mapping:replace.chooseOther')}
              </Button>
              <Button type="link" size="small" onClick={() => setSku(null)}>
                {t('mapping:byHand.clearSku')}
              </Button>
            </span>
          ) : (
            <Button onClick={() => setPickerOpen(true)}>{t('mapping:replace.choose')}</Button>
          )}
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} role="alert" />}
      <SkuPicker open={pickerOpen} multiple={false} title={t('mapping:replace.pickerTitle')} onClose={() => setPickerOpen(false)} onConfirm={(skus) => setSku(skus[0] ?? null)} />
    </Modal>
  );
}
