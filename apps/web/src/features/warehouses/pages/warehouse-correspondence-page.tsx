// Warehouse mapping (/config/warehouse/correspondence): which warehouses each store ships from,
// with the marketplace's own warehouse code; bind and unbind.
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { CloseOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALL_WAREHOUSES_ID, type StoreWarehouseAssignment } from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { useListState } from '../../../ui/use-list-state';
import { warehousesApi } from '../api';
import { showFieldErrors } from '../components/form-errors';
import { WarehouseSelect } from '../components/warehouse-select';
import { useAssignments, useWarehousesMutation, warehouseErrorMessage, warehouseLabel } from '../queries';

interface BindValues {
  warehouseId?: number;
  onlineWarehouseCode?: string;
}

function BindModal({ stores, onClose }: { stores: StoreWarehouseAssignment[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BindValues>();
  const [error, setError] = useState<string | null>(null);
  const bind = useWarehousesMutation(
    (v: BindValues) => warehousesApi.bind({ warehouseId: v.warehouseId!, storeIds: (stores ?? []).map((s) => s.storeId), onlineWarehouseCode: v.onlineWarehouseCode || null }),
    { toastErrors: false },
  );
  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    bind.mutate(values, {
      onSuccess: () => {
        toast.success(t('warehouses:bindings.bound', { count: stores?.length ?? 0 }));
        onClose();
      },
      onError: (e) => {
        if (!showFieldErrors(form, e, ['warehouseId', 'onlineWarehouseCode'], warehouseErrorMessage)) setError(warehouseErrorMessage(e));
      },
    });
  };
  return (
    <Modal
      open={!!stores}
      title={stores?.length === 1 ? t('warehouses:bindings.bindOne', { name: stores[0]!.storeName }) : t('warehouses:bindings.bindMany', { count: stores?.length ?? 0 })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('warehouses:bindings.bind')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={bind.isPending}
      maskClosable={false}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="warehouseId" label={t('warehouses:fields.warehouse')} rules={[{ required: true, message: t('common:validation.required') }]}>
          <WarehouseSelect />
        </Form.Item>
        <Form.Item name="onlineWarehouseCode" label={t('warehouses:bindings.onlineWarehouseCode')} extra={t('warehouses:bindings.onlineWarehouseCodeHelp')} rules={[{ max: 64, message: t('warehouses:validation.max', { max: 64 }) }]}>
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function WarehouseCorrespondencePage() {
  const { t } = useTranslation();
  const [state, setState] = useListState({ warehouseId: ALL_WAREHOUSES_ID, keyword: '' });
  const { data, isFetching, error } = useAssignments({ warehouseId: state.warehouseId, ...(state.keyword ? { keyword: state.keyword } : {}) });
  const [binding, setBinding] = useState<StoreWarehouseAssignment[] | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const unbind = useWarehousesMutation((v: { warehouseId: number; storeId: number }) => warehousesApi.unbind({ warehouseId: v.warehouseId, storeIds: [v.storeId] }));
  const rows = data ?? [];

  return (
    <>
      <PageTitle title={t('nav:routes.warehouseCorrespondence')} />
      <Card>
        <Typography.Paragraph type="secondary">{t('warehouses:bindings.help')}</Typography.Paragraph>
        <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <WarehouseSelect allowAll includeStopped value={state.warehouseId} onChange={(id) => setState({ warehouseId: id ?? ALL_WAREHOUSES_ID })} aria-label={t('warehouses:fields.warehouse')} style={{ width: 240 }} />
            <Input.Search
              allowClear
              defaultValue={state.keyword}
              placeholder={t('warehouses:bindings.searchPlaceholder')}
              aria-label={t('warehouses:bindings.searchPlaceholder')}
              onSearch={(keyword) => setState({ keyword: keyword.trim() })}
              style={{ width: 260 }}
            />
          </Space>
          <Tooltip title={selected.length ? undefined : t('warehouses:bindings.selectFirst')}>
            <Button type="primary" icon={<LinkOutlined />} disabled={!selected.length} onClick={() => setBinding(rows.filter((r) => selected.includes(r.storeId)))}>
              {t('warehouses:bindings.bindSelected', { count: selected.length })}
            </Button>
          </Tooltip>
        </Space>
        {error && <Alert type="error" showIcon message={warehouseErrorMessage(error)} style={{ marginBottom: 12 }} />}
        <Table<StoreWarehouseAssignment>
          rowKey="storeId"
          loading={isFetching}
          dataSource={rows}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{ emptyText: t('warehouses:bindings.noStores') }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          columns={[
            {
              title: t('warehouses:bindings.store'),
              dataIndex: 'storeName',
              width: 260,
              render: (name: string, r) => (
                <Space>
                  <span>{name}</span>
                  {!r.usable && <Tag>{t('warehouses:bindings.storeDisabled')}</Tag>}
                </Space>
              ),
            },
            {
              title: t('warehouses:bindings.warehouses'),
              dataIndex: 'warehouses',
              render: (list: StoreWarehouseAssignment['warehouses'], r) =>
                list.length ? (
                  <Space size={[4, 4]} wrap>
                    {list.map((w) => (
                      <Tag key={w.warehouseId} color={w.stopUsing ? 'default' : 'blue'}>
                        {warehouseLabel(w.warehouseName, w.warehouseType)}
                        {w.onlineWarehouseCode && <Typography.Text type="secondary"> · {w.onlineWarehouseCode}</Typography.Text>}
                        <Popconfirm
                          title={t('warehouses:bindings.confirmUnbind', { store: r.storeName, warehouse: w.warehouseName })}
                          okText={t('common:actions.ok')}
                          cancelText={t('common:actions.cancel')}
                          onConfirm={() => unbind.mutate({ warehouseId: w.warehouseId, storeId: r.storeId }, { onSuccess: () => toast.success(t('warehouses:bindings.unbound')) })}
                        >
                          <Button type="text" size="small" icon={<CloseOutlined style={{ fontSize: 10 }} />} aria-label={t('warehouses:bindings.unbind')} style={{ marginInlineStart: 2, height: 18, width: 18 }} />
                        </Popconfirm>
                      </Tag>
                    ))}
                  </Space>
                ) : (
                  <Typography.Text type="secondary">{t('warehouses:bindings.none')}</Typography.Text>
                ),
            },
            {
              title: t('common:actions.title'),
              width: 140,
              render: (_, r) => (
                <Button type="link" size="small" onClick={() => setBinding([r])}>
                  {t('warehouses:bindings.bind')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <BindModal
        stores={binding}
        onClose={() => {
          setBinding(null);
          setSelected([]);
        }}
      />
    </>
  );
}
