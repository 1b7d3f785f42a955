// Supplier management (/config/supplierManagement): suppliers, and the goods each supplies at
// its purchase price; both with imports.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type SupplierRow, type SupplierStatus } from '@openseller/core';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { ImportModal } from '../../../ui/import-modal';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { suppliersApi } from '../api';
import { SupplierModal } from '../components/supplier-modal';
import { SupplyGoodsTab } from '../components/supply-goods-tab';
import { suppliersKeys, useSupplierList, useSuppliersMutation } from '../queries';

function SuppliersTab({ onShowGoods }: { onShowGoods: (supplierId: number) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, keyword: '', status: '' });
  const { data, isFetching } = useSupplierList({
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.status ? { status: state.status as SupplierStatus } : {}),
  });
  const [editing, setEditing] = useState<SupplierRow | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const remove = useSuppliersMutation((ids: number[]) => suppliersApi.remove(ids));
  const toggle = useSuppliersMutation((s: SupplierRow) =>
    suppliersApi.update({ id: s.id, version: s.version, code: s.code, name: s.name, contact: s.contact, phone: s.phone, address: s.address, remark: s.remark, status: s.status === 'ENABLED' ? 'DISABLED' : 'ENABLED' }),
  );
  const removeRows = (ids: number[]) =>
    remove.mutate(ids, {
      onSuccess: (r) => {
        toast.success(t('suppliers:list.deleted', { count: r.deleted }));
        setSelected([]);
      },
    });

  const { columns, settingsButton } = useColumnSettings<SupplierRow>('suppliers.list', [
    { title: t('suppliers:fields.code'), dataIndex: 'code', width: 140, fixed: 'left' },
    { title: t('suppliers:fields.name'), dataIndex: 'name', width: 220 },
    { key: 'contact', title: t('suppliers:fields.contact'), dataIndex: 'contact', width: 120, render: (v: string | null) => v || '-' },
    { key: 'phone', title: t('suppliers:fields.phone'), dataIndex: 'phone', width: 150, render: (v: string | null) => v || '-' },
    { key: 'address', title: t('suppliers:fields.address'), dataIndex: 'address', width: 260, render: (v: string | null) => v || '-' },
    {
      key: 'skuCount',
      title: t('suppliers:fields.skuCount'),
      dataIndex: 'skuCount',
      width: 110,
      align: 'right',
      render: (n: number, s) => (
        <Button type="link" size="small" onClick={() => onShowGoods(s.id)}>
          {n}
        </Button>
      ),
    },
    { key: 'receiptTolerance', title: t('suppliers:fields.receiptTolerance'), dataIndex: 'receiptTolerancePercent', width: 110, align: 'right', render: (v: string) => `${v}%` },
    { key: 'status', title: t('suppliers:fields.status'), dataIndex: 'status', width: 100, render: (v: SupplierStatus) => <Tag color={v === 'ENABLED' ? 'green' : 'default'}>{t(`suppliers:status.${v}`)}</Tag> },
    { key: 'remark', title: t('suppliers:fields.remark'), dataIndex: 'remark', width: 160, render: (v: string | null) => v || '-' },
    { key: 'updatedAt', title: t('suppliers:fields.updatedAt'), dataIndex: 'updatedAt', width: 170, render: (v: string) => <DateTime value={v} /> },
    {
      key: 'actions',
      title: t('common:actions.title'),
      width: 200,
      fixed: 'right',
      render: (_, s) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(s)}>
            {t('common:actions.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => toggle.mutate(s, { onSuccess: (after) => toast.success(t(`suppliers:list.status${after.status}`, { name: s.name })) })}>
            {s.status === 'ENABLED' ? t('suppliers:list.disable') : t('suppliers:list.enable')}
          </Button>
          <Popconfirm title={t('suppliers:list.confirmDelete')} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')} onConfirm={() => removeRows([s.id])}>
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
          <Input.Search
            allowClear
            defaultValue={state.keyword}
            placeholder={t('suppliers:list.searchPlaceholder')}
            aria-label={t('suppliers:list.searchPlaceholder')}
            onSearch={(keyword) => setState({ keyword: keyword.trim(), currentPage: 1 })}
            style={{ width: 280 }}
          />
          <Select
            allowClear
            value={state.status || undefined}
            placeholder={t('suppliers:fields.status')}
            aria-label={t('suppliers:fields.status')}
            style={{ width: 140 }}
            onChange={(status?: string) => setState({ status: status ?? '', currentPage: 1 })}
            options={[
              { value: 'ENABLED', label: t('suppliers:status.ENABLED') },
              { value: 'DISABLED', label: t('suppliers:status.DISABLED') },
            ]}
          />
        </Space>
        <Space wrap>
          <Popconfirm
            title={t('suppliers:list.confirmDeleteMany', { count: selected.length })}
            okText={t('common:actions.ok')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() => removeRows(selected)}
            disabled={!selected.length}
          >
            <Button icon={<DeleteOutlined />} danger disabled={!selected.length}>
              {t('suppliers:list.deleteSelected', { count: selected.length })}
            </Button>
          </Popconfirm>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('suppliers:list.import')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('suppliers:list.add')}
          </Button>
          {settingsButton}
        </Space>
      </Space>
      <Table<SupplierRow>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.voList ?? []}
        columns={columns}
        scroll={{ x: 1700 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={tablePagination(state.currentPage, state.pageSize, data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
      />
      <SupplierModal supplier={editing} onClose={() => setEditing(null)} />
      <ImportModal
        open={importing}
        kind="SUPPLIERS"
        title={t('suppliers:list.importTitle')}
        coverOption
        onClose={() => setImporting(false)}
        onDone={() => void client.invalidateQueries({ queryKey: suppliersKeys.all })}
        summaryLabels={{ new: t('suppliers:import.new'), existing: t('suppliers:import.existing'), created: t('suppliers:import.created'), updated: t('suppliers:import.updated'), skipped: t('suppliers:import.skipped') }}
        fieldLabels={{ code: t('suppliers:fields.code'), name: t('suppliers:fields.name'), contact: t('suppliers:fields.contact'), phone: t('suppliers:fields.phone'), address: t('suppliers:fields.address'), remark: t('suppliers:fields.remark') }}
      />
    </>
  );
}

export default function SupplierManagementPage() {
  const { t } = useTranslation();
  const [state, setState] = useListState({ tab: 'suppliers', goodsSupplier: 0, goodsPage: 1 });
  return (
    <>
      <PageTitle title={t('nav:routes.supplierManagement')} />
      <Card>
        <Tabs
          activeKey={state.tab}
          onChange={(tab) => setState({ tab })}
          items={[
            { key: 'suppliers', label: t('suppliers:list.tab'), children: <SuppliersTab onShowGoods={(id) => setState({ tab: 'goods', goodsSupplier: id, goodsPage: 1 })} /> },
            { key: 'goods', label: t('suppliers:goods.tab'), children: <SupplyGoodsTab /> },
          ]}
        />
      </Card>
    </>
  );
}
