// Saved search tabs of the order list (spec 02 §3.5): the user's named searches, applied with a
// click, saved from the current filters, moved earlier, deleted.
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderSearchTabRow } from '@openseller/core';
import { ApiError } from '../../../../app/request';
import { applyServerFieldErrors } from '../../../accounts/components/form-errors';
import { toast } from '../../../../app/toast';
import { orderListApi } from '../api';
import { ordersErrorMessage, useSearchTabMutation, useSearchTabs } from '../queries';

export function SavedSearchTabs({ current, onApply }: { current: Record<string, unknown>; onApply: (params: Record<string, unknown>) => void }) {
  const { t } = useTranslation();
  const tabs = useSearchTabs();
  const [naming, setNaming] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const create = useSearchTabMutation(orderListApi.createSearchTab, { toastErrors: false });
  const remove = useSearchTabMutation(orderListApi.deleteSearchTab);
  const reorder = useSearchTabMutation(orderListApi.reorderSearchTabs);
  const rows = tabs.data ?? [];

  const moveEarlier = (index: number) => {
    const ids = rows.map((r) => r.id);
    [ids[index - 1], ids[index]] = [ids[index]!, ids[index - 1]!];
    reorder.mutate(ids);
  };
  const save = async () => {
    const { name } = await form.validateFields();
    try {
      await create.mutateAsync({ name, params: current });
      toast.success(t('orders:savedTabs.saved', { name }));
      setNaming(false);
      form.resetFields();
    } catch (error) {
      if (!(error instanceof ApiError && applyServerFieldErrors(form, error))) toast.error(ordersErrorMessage(error));
    }
  };

  return (
    <Space wrap size={[4, 8]} style={{ marginBottom: 12 }}>
      <Typography.Text type="secondary">{t('orders:savedTabs.title')}</Typography.Text>
      {rows.map((tab: OrderSearchTabRow, i) => (
        <Tag key={tab.id} color="blue" style={{ cursor: 'pointer', marginInlineEnd: 0 }}>
          <Space size={4}>
            {i > 0 && (
              <Tooltip title={t('orders:savedTabs.moveEarlier')}>
                <ArrowLeftOutlined aria-label={t('orders:savedTabs.moveEarlier')} onClick={() => moveEarlier(i)} />
              </Tooltip>
            )}
            <span role="button" tabIndex={0} onClick={() => onApply(tab.params)} onKeyDown={(e) => e.key === 'Enter' && onApply(tab.params)}>
              {tab.name}
            </span>
            <Popconfirm title={t('orders:savedTabs.deleteConfirm', { name: tab.name })} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')} onConfirm={() => remove.mutate(tab.id)}>
              <Typography.Text type="secondary" aria-label={t('common:actions.delete')} style={{ cursor: 'pointer' }}>
                ×
              </Typography.Text>
            </Popconfirm>
          </Space>
        </Tag>
      ))}
      <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => setNaming(true)}>
        {t('orders:savedTabs.save')}
      </Button>
      <Modal open={naming} title={t('orders:savedTabs.save')} onOk={() => void save()} confirmLoading={create.isPending} onCancel={() => setNaming(false)} okText={t('common:actions.save')} cancelText={t('common:actions.cancel')} maskClosable={false} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label={t('orders:savedTabs.name')} rules={[{ required: true, whitespace: true, max: 30 }]}>
            <Input autoFocus maxLength={30} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
