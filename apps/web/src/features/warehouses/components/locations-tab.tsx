// The locations of the domain's warehouses: search by warehouse (or all, -1) and code, add,
// edit, delete in batches, and import from a spreadsheet (kind LOCATIONS).
import { useState } from 'react';
import { Button, Input, Popconfirm, Space, Table, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALL_WAREHOUSES_ID, type LocationRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { ImportModal } from '../../../ui/import-modal';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { warehousesApi } from '../api';
import { useLocations, useWarehousesMutation, warehousesKeys } from '../queries';
import { LocationModal } from './location-modal';
import { WarehouseSelect } from './warehouse-select';
import { useQueryClient } from '@tanstack/react-query';

export function LocationsTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [state, setState] = useListState({ locWh: ALL_WAREHOUSES_ID, locKeyword: '', locPage: 1, locSize: 10 });
  const { data, isFetching } = useLocations({
    currentPage: state.locPage,
    pageSize: state.locSize,
    warehouseId: state.locWh,
    ...(state.locKeyword ? { keyword: state.locKeyword } : {}),
  });
  const [editing, setEditing] = useState<LocationRow | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const remove = useWarehousesMutation((ids: number[]) => warehousesApi.deleteLocations(ids));
  const removeRows = (ids: number[]) =>
    remove.mutate(ids, {
      onSuccess: (r) => {
        toast.success(t('warehouses:locations.deleted', { count: r.deleted }));
        setSelected([]);
      },
    });

  const { columns, settingsButton } = useColumnSettings<LocationRow>('warehouses.locations', [
    { key: 'warehouse', title: t('warehouses:fields.warehouse'), dataIndex: 'warehouseName', width: 200 },
    { title: t('warehouses:locations.code'), dataIndex: 'code', width: 180 },
    { key: 'zone', title: t('warehouses:locations.zone'), dataIndex: 'zone', width: 140, render: (v: string | null) => v || '-' },
    { key: 'remark', title: t('warehouses:fields.remark'), dataIndex: 'remark', render: (v: string | null) => v || '-' },
    { key: 'updatedAt', title: t('warehouses:fields.updatedAt'), dataIndex: 'updatedAt', width: 170, render: (v: string) => <DateTime value={v} /> },
    {
      key: 'actions',
      title: t('common:actions.title'),
      width: 150,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            {t('common:actions.edit')}
          </Button>
          <Popconfirm
            title={t('warehouses:locations.confirmDelete')}
            okText={t('common:actions.ok')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() => removeRows([row.id])}
          >
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
          <WarehouseSelect allowAll includeStopped value={state.locWh} onChange={(id) => setState({ locWh: id ?? ALL_WAREHOUSES_ID, locPage: 1 })} aria-label={t('warehouses:fields.warehouse')} style={{ width: 240 }} />
          <Input.Search
            allowClear
            defaultValue={state.locKeyword}
            placeholder={t('warehouses:locations.searchPlaceholder')}
            aria-label={t('warehouses:locations.searchPlaceholder')}
            onSearch={(keyword) => setState({ locKeyword: keyword.trim(), locPage: 1 })}
            style={{ width: 260 }}
          />
        </Space>
        <Space wrap>
          <Popconfirm
            title={t('warehouses:locations.confirmDeleteMany', { count: selected.length })}
            okText={t('common:actions.ok')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() => removeRows(selected)}
            disabled={!selected.length}
          >
            <Tooltip title={selected.length ? undefined : t('warehouses:locations.selectFirst')}>
              <Button icon={<DeleteOutlined />} disabled={!selected.length} danger>
                {t('warehouses:locations.deleteSelected', { count: selected.length })}
              </Button>
            </Tooltip>
          </Popconfirm>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('warehouses:locations.import')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('warehouses:locations.add')}
          </Button>
          {settingsButton}
        </Space>
      </Space>
      <Table<LocationRow>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.voList ?? []}
        columns={columns}
        scroll={{ x: 900 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={tablePagination(state.locPage, state.locSize, data?.total ?? 0, (page, size) => setState({ locPage: size !== state.locSize ? 1 : page, locSize: size }))}
      />
      <LocationModal location={editing} defaultWarehouseId={state.locWh} onClose={() => setEditing(null)} />
      <ImportModal
        open={importing}
        kind="LOCATIONS"
        title={t('warehouses:locations.importTitle')}
        coverOption
        onClose={() => setImporting(false)}
        onDone={() => void client.invalidateQueries({ queryKey: warehousesKeys.all })}
        summaryLabels={{
          new: t('warehouses:import.new'),
          existing: t('warehouses:import.existing'),
          created: t('warehouses:import.created'),
          updated: t('warehouses:import.updated'),
          skipped: t('warehouses:import.skipped'),
        }}
        fieldLabels={{ warehouseCode: t('warehouses:fields.code'), code: t('warehouses:locations.code'), zone: t('warehouses:locations.zone'), remark: t('warehouses:fields.remark') }}
      />
    </>
  );
}
