// Warehouses and locations (/config/warehouse/details): the domain's warehouses with their
// type, sender and use, stop and resume, and the locations tab.
import { useNavigate } from 'react-router-dom';
import { Button, Card, Input, Popconfirm, Segmented, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALL_WAREHOUSES_ID, WAREHOUSE_TYPES, type WarehouseRow, type WarehouseType } from '@openseller/core';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { warehousesApi } from '../api';
import { LocationsTab } from '../components/locations-tab';
import { useWarehouseList, useWarehousesMutation, warehouseLabel } from '../queries';

const TYPE_COLORS: Record<WarehouseType, string> = {
  SELF_WAREHOUSE: 'blue',
  SP_WAREHOUSE: 'cyan',
  WMS_WAREHOUSE: 'purple',
  QIMEN_WAREHOUSE: 'orange',
  BYTE_WAREHOUSE: 'magenta',
  GTWMS_WAREHOUSE: 'geekblue',
};

export function WarehouseTypeTag({ type }: { type: WarehouseType }) {
  const { t } = useTranslation();
  return <Tag color={TYPE_COLORS[type]}>{t(`warehouses:types.${type}`)}</Tag>;
}

function WarehousesTab({ onShowLocations }: { onShowLocations: (warehouseId: number) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, keyword: '', type: '', stop: '0' });
  const { data, isFetching } = useWarehouseList({
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    stopUsing: state.stop === 'all' ? null : state.stop === '1' ? 1 : 0,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.type ? { type: state.type as WarehouseType } : {}),
  });
  const stop = useWarehousesMutation((w: WarehouseRow) => warehousesApi.stopUsing({ id: w.id, version: w.version, stopUsing: w.stopUsing === 1 ? 0 : 1 }));
  const toggle = (w: WarehouseRow) =>
    stop.mutate(w, { onSuccess: (after) => toast.success(t(after.stopUsing === 1 ? 'warehouses:list.stoppedDone' : 'warehouses:list.resumedDone', { name: w.name })) });

  const { columns, settingsButton } = useColumnSettings<WarehouseRow>('warehouses.list', [
    { title: t('warehouses:fields.code'), dataIndex: 'code', width: 130, fixed: 'left' },
    { title: t('warehouses:fields.name'), dataIndex: 'name', width: 220, render: (_, w) => warehouseLabel(w.name, w.type) },
    { key: 'type', title: t('warehouses:fields.type'), dataIndex: 'type', width: 200, render: (type: WarehouseType) => <WarehouseTypeTag type={type} /> },
    {
      key: 'sender',
      title: t('warehouses:fields.sender'),
      width: 170,
      render: (_, w) => (
        <Space direction="vertical" size={0}>
          <span>{w.contact}</span>
          <Typography.Text type="secondary">{w.phone}</Typography.Text>
        </Space>
      ),
    },
    { key: 'address', title: t('warehouses:fields.address'), width: 280, render: (_, w) => [w.province, w.city, w.county, w.street].filter(Boolean).join(' ') },
    {
      key: 'stores',
      title: t('warehouses:fields.storeCount'),
      dataIndex: 'storeCount',
      width: 100,
      align: 'right',
      render: (n: number, w) => (
        <Button type="link" size="small" onClick={() => navigate(`/config/warehouse/correspondence?warehouseId=${w.id}`)}>
          {n}
        </Button>
      ),
    },
    {
      key: 'locations',
      title: t('warehouses:fields.locationCount'),
      dataIndex: 'locationCount',
      width: 100,
      align: 'right',
      render: (n: number, w) => (
        <Button type="link" size="small" onClick={() => onShowLocations(w.id)}>
          {n}
        </Button>
      ),
    },
    {
      key: 'status',
      title: t('warehouses:fields.status'),
      dataIndex: 'stopUsing',
      width: 100,
      render: (v: 0 | 1) => (v === 1 ? <Tag>{t('warehouses:list.stopped')}</Tag> : <Tag color="green">{t('warehouses:list.inUse')}</Tag>),
    },
    { key: 'updatedAt', title: t('warehouses:fields.updatedAt'), dataIndex: 'updatedAt', width: 170, render: (v: string) => <DateTime value={v} /> },
    {
      key: 'actions',
      title: t('common:actions.title'),
      fixed: 'right',
      width: 240,
      render: (_, w) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => navigate(`/config/warehouse/create?id=${w.id}`)}>
            {t('common:actions.edit')}
          </Button>
          {w.stopUsing === 0 ? (
            <Popconfirm title={t('warehouses:list.confirmStop', { name: w.name })} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')} onConfirm={() => toggle(w)}>
              <Button type="link" size="small" danger>
                {t('warehouses:list.stop')}
              </Button>
            </Popconfirm>
          ) : (
            <Button type="link" size="small" onClick={() => toggle(w)}>
              {t('warehouses:list.resume')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => navigate(`/config/warehouse/correspondence?warehouseId=${w.id}`)}>
            {t('warehouses:list.stores')}
          </Button>
        </Space>
      ),
    },
  ]);

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Segmented
            value={state.stop}
            onChange={(stop) => setState({ stop: String(stop), currentPage: 1 })}
            options={[
              { value: '0', label: t('warehouses:list.inUse') },
              { value: '1', label: t('warehouses:list.stopped') },
              { value: 'all', label: t('warehouses:list.all') },
            ]}
          />
          <Input.Search
            allowClear
            defaultValue={state.keyword}
            placeholder={t('warehouses:list.searchPlaceholder')}
            aria-label={t('warehouses:list.searchPlaceholder')}
            onSearch={(keyword) => setState({ keyword: keyword.trim(), currentPage: 1 })}
            style={{ width: 260 }}
          />
          <Select
            allowClear
            value={state.type || undefined}
            placeholder={t('warehouses:fields.type')}
            aria-label={t('warehouses:fields.type')}
            style={{ width: 180 }}
            onChange={(type) => setState({ type: type ?? '', currentPage: 1 })}
            options={WAREHOUSE_TYPES.map((type) => ({ value: type, label: t(`warehouses:types.${type}`) }))}
          />
        </Space>
        {settingsButton}
      </Space>
      <Table<WarehouseRow>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.voList ?? []}
        columns={columns}
        scroll={{ x: 1700 }}
        pagination={tablePagination(state.currentPage, state.pageSize, data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
      />
    </>
  );
}

export default function WarehouseListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useListState({ tab: 'warehouses', locWh: ALL_WAREHOUSES_ID, locPage: 1 });
  return (
    <>
      <PageTitle
        title={t('nav:routes.warehouseDetails')}
        extra={
          <Space>
            <Button icon={<LinkOutlined />} onClick={() => navigate('/config/warehouse/correspondence')}>
              {t('nav:routes.warehouseCorrespondence')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/config/warehouse/create')}>
              {t('warehouses:list.add')}
            </Button>
          </Space>
        }
      />
      <Card>
        <Tabs
          activeKey={state.tab}
          onChange={(tab) => setState({ tab })}
          items={[
            { key: 'warehouses', label: t('warehouses:list.tab'), children: <WarehousesTab onShowLocations={(id) => setState({ tab: 'locations', locWh: id, locPage: 1 })} /> },
            { key: 'locations', label: t('warehouses:locations.tab'), children: <LocationsTab /> },
          ]}
        />
      </Card>
    </>
  );
}
