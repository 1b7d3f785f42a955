// Supply goods: which SKUs each supplier supplies at what purchase price. The price column and
// its input show only to accounts that may see PURCHASE_PRICE (the server sends it only to them).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatMoney, type SupplyGoodsRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { ImportModal } from '../../../ui/import-modal';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { SkuPicker } from '../../goods/components/sku-picker';
import { showFieldErrors } from '../../warehouses/components/form-errors';
import { suppliersApi } from '../api';
import { supplierErrorMessage, suppliersKeys, useSeesPurchasePrice, useSupplierOptions, useSupplyGoods, useSuppliersMutation } from '../queries';

interface EditValues {
  purchasePrice?: string | number | null;
  remark?: string;
}

function SupplyGoodsModal({ row, onClose }: { row: SupplyGoodsRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const seesPrice = useSeesPurchasePrice();
  const [form] = Form.useForm<EditValues>();
  const [error, setError] = useState<string | null>(null);
  const save = useSuppliersMutation(
    (v: EditValues) =>
      suppliersApi.updateGoods({
        id: row!.id,
        version: row!.version,
        remark: v.remark?.trim() || null,
        ...(seesPrice ? { purchasePrice: v.purchasePrice === undefined || v.purchasePrice === null || v.purchasePrice === '' ? null : String(v.purchasePrice) } : {}),
      }),
    { toastErrors: false },
  );
  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    save.mutate(values, {
      onSuccess: () => {
        toast.success(t('suppliers:goods.saved', { code: row!.skuCode }));
        onClose();
      },
      onError: (e) => {
        if (!showFieldErrors(form, e, ['purchasePrice', 'remark'], supplierErrorMessage)) setError(supplierErrorMessage(e));
      },
    });
  };
  return (
    <Modal
      open={!!row}
      title={row ? t('suppliers:goods.editTitle', { code: row.skuCode, supplier: row.supplierName }) : ''}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      maskClosable={false}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form form={form} layout="vertical" preserve={false} initialValues={{ purchasePrice: row?.purchasePrice ?? null, remark: row?.remark ?? '' }}>
        {seesPrice && (
          <Form.Item
            name="purchasePrice"
            label={t('suppliers:fields.purchasePrice')}
            rules={[{ pattern: /^\d+(\.\d{1,4})?$/, message: t('suppliers:validation.price'), transform: (v: unknown) => (v === null || v === undefined ? undefined : String(v)) }]}
          >
            <InputNumber<string> stringMode min="0" step="0.01" precision={undefined} style={{ width: 200 }} prefix="¥" />
          </Form.Item>
        )}
        <Form.Item name="remark" label={t('suppliers:fields.remark')} rules={[{ max: 200, message: t('suppliers:validation.max', { max: 200 }) }]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function SupplyGoodsTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const seesPrice = useSeesPurchasePrice();
  const [state, setState] = useListState({ goodsSupplier: 0, goodsKeyword: '', goodsPage: 1, goodsSize: 10 });
  const { data: supplierOptions } = useSupplierOptions(true);
  const { data, isFetching } = useSupplyGoods({
    currentPage: state.goodsPage,
    pageSize: state.goodsSize,
    ...(state.goodsSupplier ? { supplierId: state.goodsSupplier } : {}),
    ...(state.goodsKeyword ? { keyword: state.goodsKeyword } : {}),
  });
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<SupplyGoodsRow | null>(null);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const add = useSuppliersMutation((skuIds: number[]) => suppliersApi.saveGoods(state.goodsSupplier, skuIds.map((skuId) => ({ skuId }))));
  const remove = useSuppliersMutation((ids: number[]) => suppliersApi.removeGoods(ids));
  const chosenSupplier = supplierOptions?.find((s) => s.id === state.goodsSupplier);
  const removeRows = (ids: number[]) =>
    remove.mutate(ids, {
      onSuccess: (r) => {
        toast.success(t('suppliers:goods.deleted', { count: r.deleted }));
        setSelected([]);
      },
    });

  const { columns, settingsButton } = useColumnSettings<SupplyGoodsRow>('suppliers.goods', [
    { key: 'supplier', title: t('suppliers:fields.supplier'), dataIndex: 'supplierName', width: 180, render: (name: string, r) => <Space direction="vertical" size={0}><span>{name}</span><Typography.Text type="secondary">{r.supplierCode}</Typography.Text></Space> },
    { title: t('suppliers:fields.skuCode'), dataIndex: 'skuCode', width: 160 },
    {
      key: 'sku',
      title: t('suppliers:fields.skuName'),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.skuName ?? '-'}</span>
          {r.specifications && <Typography.Text type="secondary">{r.specifications}</Typography.Text>}
        </Space>
      ),
    },
    { key: 'barCode', title: t('suppliers:fields.barCode'), dataIndex: 'barCode', width: 150, render: (v: string | null) => v ?? '-' },
    ...(seesPrice
      ? [{ key: 'purchasePrice', title: t('suppliers:fields.purchasePrice'), dataIndex: 'purchasePrice', width: 130, align: 'right' as const, render: (v: string | null | undefined) => (v ? formatMoney(v) : '-') }]
      : []),
    { key: 'remark', title: t('suppliers:fields.remark'), dataIndex: 'remark', width: 160, render: (v: string | null) => v || '-' },
    { key: 'updatedAt', title: t('suppliers:fields.updatedAt'), dataIndex: 'updatedAt', width: 170, render: (v: string) => <DateTime value={v} /> },
    {
      key: 'actions',
      title: t('common:actions.title'),
      width: 140,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {t('common:actions.edit')}
          </Button>
          <Popconfirm title={t('suppliers:goods.confirmDelete')} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')} onConfirm={() => removeRows([r.id])}>
            <Button type="link" size="small" danger>
              {t('common:actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]);

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={state.goodsSupplier || undefined}
            placeholder={t('suppliers:goods.allSuppliers')}
            aria-label={t('suppliers:fields.supplier')}
            style={{ width: 240 }}
            onChange={(id?: number) => setState({ goodsSupplier: id ?? 0, goodsPage: 1 })}
            options={(supplierOptions ?? []).map((s) => ({ value: s.id, label: s.status === 'ENABLED' ? `${s.name} (${s.code})` : `${s.name} (${s.code}) · ${t('suppliers:status.DISABLED')}` }))}
          />
          <Input.Search
            allowClear
            defaultValue={state.goodsKeyword}
            placeholder={t('suppliers:goods.searchPlaceholder')}
            aria-label={t('suppliers:goods.searchPlaceholder')}
            onSearch={(keyword) => setState({ goodsKeyword: keyword.trim(), goodsPage: 1 })}
            style={{ width: 260 }}
          />
        </Space>
        <Space wrap>
          <Popconfirm
            title={t('suppliers:goods.confirmDeleteMany', { count: selected.length })}
            okText={t('common:actions.ok')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() => removeRows(selected)}
            disabled={!selected.length}
          >
            <Button icon={<DeleteOutlined />} danger disabled={!selected.length}>
              {t('suppliers:goods.deleteSelected', { count: selected.length })}
            </Button>
          </Popconfirm>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('suppliers:goods.import')}
          </Button>
          <Tooltip title={chosenSupplier ? undefined : t('suppliers:goods.chooseSupplierFirst')}>
            <Button type="primary" icon={<PlusOutlined />} disabled={!chosenSupplier || chosenSupplier.status !== 'ENABLED'} onClick={() => setPicking(true)}>
              {t('suppliers:goods.add')}
            </Button>
          </Tooltip>
          {settingsButton}
        </Space>
      </Space>
      <Table<SupplyGoodsRow>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.voList ?? []}
        columns={columns}
        scroll={{ x: 1200 }}
        locale={{ emptyText: t('suppliers:goods.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={tablePagination(state.goodsPage, state.goodsSize, data?.total ?? 0, (page, size) => setState({ goodsPage: size !== state.goodsSize ? 1 : page, goodsSize: size }))}
      />
      <SkuPicker
        open={picking}
        isCombination={false}
        title={chosenSupplier ? t('suppliers:goods.pickTitle', { name: chosenSupplier.name }) : undefined}
        onClose={() => setPicking(false)}
        onConfirm={(skus) => add.mutate(skus.map((s) => s.id), { onSuccess: (rows) => toast.success(t('suppliers:goods.added', { count: rows.length })) })}
      />
      <SupplyGoodsModal row={editing} onClose={() => setEditing(null)} />
      <ImportModal
        open={importing}
        kind="SUPPLY_GOODS"
        title={t('suppliers:goods.importTitle')}
        coverOption
        onClose={() => setImporting(false)}
        onDone={() => void client.invalidateQueries({ queryKey: suppliersKeys.all })}
        summaryLabels={{ new: t('suppliers:import.new'), existing: t('suppliers:import.existing'), created: t('suppliers:import.created'), updated: t('suppliers:import.updated'), skipped: t('suppliers:import.skipped') }}
        fieldLabels={{ supplierCode: t('suppliers:fields.code'), skuCode: t('suppliers:fields.skuCode'), purchasePrice: t('suppliers:fields.purchasePrice') }}
      />
    </>
  );
}
