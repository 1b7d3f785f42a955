// Transfers (/stocks/transfer, menu MENU_INV_TRANSFER): stock moved from one warehouse to another.
// The list with its filters kept in the URL; a transfer is made and edited in a drawer, shipped
// (the source must have the pieces available), received into the target's locations, or
// cancelled before shipping; its detail shows the lines and locations.
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Descriptions, Drawer, Form, Input, Popconfirm, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TRANSFER_STATUSES, transferAllows, type TransferDetailRow, type TransferRow, type TransferStatus, type TransferWithDetails } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { useColumnSettings } from '../../../../ui/column-settings';
import { PageTitle } from '../../../../ui/page-title';
import { tablePagination } from '../../../../ui/pagination';
import { DateTime } from '../../../../ui/relative-time';
import { useListState } from '../../../../ui/use-list-state';
import { WarehouseSelect } from '../../../warehouses/components/warehouse-select';
import { outboundErrorMessage } from '../../outbound/queries';
import { transferApi } from '../api';
import { TransferFormDrawer } from '../components/transfer-form-drawer';
import { TransferReceiveModal } from '../components/transfer-receive-modal';
import { transferKeys, useTransfer, useTransferList, useTransferMutation, type TransferFilter } from '../queries';

const DEFAULTS = { currentPage: 1, pageSize: 10, outWarehouseId: -1, inWarehouseId: -1, transferStatus: '', code: '', skuKeyword: '', from: '', to: '', open: 0 };
const TIME = 'YYYY-MM-DD HH:mm:ss';
const STATUS_COLORS: Record<TransferStatus, string> = { CREATED: 'orange', SHIPPED: 'blue', RECEIVED: 'green', CANCELLED: 'default' };

interface Filters {
  outWarehouseId?: number;
  inWarehouseId?: number;
  transferStatus?: TransferStatus;
  code?: string;
  skuKeyword?: string;
  range?: [Dayjs, Dayjs] | null;
}

function TransferStatusTag({ status }: { status: TransferStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`outbound:transfer.status.${status}`)}</Tag>;
}

function TransferDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading, error } = useTransfer(id);
  return (
    <Drawer open={!!id} onClose={onClose} width={860} title={data ? t('outbound:transfer.detail.title', { code: data.code }) : t('outbound:detail.loading')} destroyOnHidden>
      {isLoading && <Skeleton active />}
      {error && <Alert type="error" showIcon message={outboundErrorMessage(error)} />}
      {data && (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('outbound:transfer.fields.code')}>
              <Typography.Text copyable>{data.code}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('outbound:transfer.fields.status')}>
              <TransferStatusTag status={data.transferStatus} />
            </Descriptions.Item>
            <Descriptions.Item label={t('outbound:transfer.fields.outWarehouse')}>{data.outWarehouseName}</Descriptions.Item>
            <Descriptions.Item label={t('outbound:transfer.fields.inWarehouse')}>{data.inWarehouseName}</Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.qtyTotal')}>{data.qtyTotal}</Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.skuTotal')}>{data.skuTotal}</Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.remark')} span={2}>
              {data.remark ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.createdBy')}>{data.createdByName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.createdAt')}>
              <DateTime value={data.createdAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('outbound:transfer.fields.shippedAt')}>
              <DateTime value={data.shippedAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t(data.cancelledAt ? 'outbound:fields.cancelledAt' : 'outbound:transfer.fields.receivedAt')}>
              <DateTime value={data.cancelledAt ?? data.receivedAt} />
            </Descriptions.Item>
          </Descriptions>
          <Table<TransferDetailRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.details}
            columns={[
              { title: '#', width: 48, render: (_, __, i) => i + 1 },
              { title: t('outbound:fields.skuCode'), dataIndex: 'skuCode', width: 170 },
              { title: t('outbound:fields.skuName'), render: (_, r) => [r.skuName, r.specifications].filter(Boolean).join(' / ') || '-' },
              { title: t('outbound:fields.qty'), dataIndex: 'qty', width: 80, align: 'right' },
              { title: t('outbound:transfer.fields.outLocation'), dataIndex: 'outLocationCode', width: 130, render: (v: string | null) => v ?? t('outbound:transfer.form.anyLocation') },
              { title: t('outbound:transfer.fields.inLocation'), dataIndex: 'inLocationCode', width: 130, render: (v: string | null) => v ?? '-' },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

export default function TransferPage() {
  const { t } = useTranslation();
  const [state, setState] = useListState(DEFAULTS);
  const [form] = Form.useForm<Filters>();
  const [editing, setEditing] = useState<TransferWithDetails | 'new' | null>(null);
  const [receiving, setReceiving] = useState<TransferRow | null>(null);
  const filter = useMemo<TransferFilter>(
    () => ({
      currentPage: state.currentPage,
      pageSize: state.pageSize,
      outWarehouseId: state.outWarehouseId,
      inWarehouseId: state.inWarehouseId,
      ...(state.transferStatus ? { transferStatus: state.transferStatus as TransferStatus } : {}),
      ...(state.code ? { code: state.code } : {}),
      ...(state.skuKeyword ? { skuKeyword: state.skuKeyword } : {}),
      ...(state.from ? { timeFrom: state.from } : {}),
      ...(state.to ? { timeTo: state.to } : {}),
    }),
    [state],
  );
  const list = useTransferList(filter);
  const ship = useTransferMutation(transferApi.ship);
  const cancel = useTransferMutation(transferApi.cancel);
  const client = useQueryClient();
  const openEditor = async (id: number) => {
    try {
      setEditing(await client.fetchQuery({ queryKey: transferKeys.one(id), queryFn: () => transferApi.get(id), staleTime: 0 }));
    } catch (error) {
      toast.error(outboundErrorMessage(error));
    }
  };

  const search = (v: Filters) =>
    setState({
      currentPage: 1,
      outWarehouseId: v.outWarehouseId ?? -1,
      inWarehouseId: v.inWarehouseId ?? -1,
      transferStatus: v.transferStatus ?? '',
      code: v.code?.trim() ?? '',
      skuKeyword: v.skuKeyword?.trim() ?? '',
      from: v.range ? v.range[0].startOf('day').format(TIME) : '',
      to: v.range ? v.range[1].endOf('day').format(TIME) : '',
    });
  const reset = () => {
    form.setFieldsValue({ outWarehouseId: -1, inWarehouseId: -1, transferStatus: undefined, code: '', skuKeyword: '', range: null });
    setState({ ...DEFAULTS, pageSize: state.pageSize });
  };

  const { columns, settingsButton } = useColumnSettings<TransferRow>('stock.transfers', [
    {
      title: t('outbound:transfer.fields.code'),
      key: 'code',
      width: 180,
      fixed: 'left',
      render: (_, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setState({ open: r.id })}>
          {r.code}
        </Button>
      ),
    },
    { title: t('outbound:transfer.fields.status'), key: 'status', dataIndex: 'transferStatus', width: 110, render: (v: TransferStatus) => <TransferStatusTag status={v} /> },
    { title: t('outbound:transfer.fields.outWarehouse'), key: 'outWarehouse', dataIndex: 'outWarehouseName', width: 170 },
    { title: t('outbound:transfer.fields.inWarehouse'), key: 'inWarehouse', dataIndex: 'inWarehouseName', width: 170 },
    { title: t('outbound:fields.qtyTotal'), key: 'qtyTotal', dataIndex: 'qtyTotal', width: 100, align: 'right' },
    { title: t('outbound:fields.skuTotal'), key: 'skuTotal', dataIndex: 'skuTotal', width: 90, align: 'right' },
    { title: t('outbound:fields.remark'), key: 'remark', dataIndex: 'remark', width: 180, ellipsis: true, render: (v: string | null) => v ?? '-' },
    { title: t('outbound:fields.createdBy'), key: 'createdBy', dataIndex: 'createdByName', width: 120, render: (v: string | null) => v ?? '-' },
    { title: t('outbound:fields.createdAt'), key: 'createdAt', dataIndex: 'createdAt', width: 160, render: (v: string) => <DateTime value={v} /> },
    { title: t('outbound:transfer.fields.shippedAt'), key: 'shippedAt', dataIndex: 'shippedAt', width: 160, render: (v: string | null) => <DateTime value={v} /> },
    { title: t('outbound:transfer.fields.receivedAt'), key: 'receivedAt', dataIndex: 'receivedAt', width: 160, render: (v: string | null) => <DateTime value={v} /> },
    {
      title: t('common:actions.title'),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {transferAllows(r.transferStatus, 'update') && (
            <Button type="link" size="small" onClick={() => void openEditor(r.id)}>
              {t('common:actions.edit')}
            </Button>
          )}
          {transferAllows(r.transferStatus, 'ship') && (
            <Popconfirm
              title={t('outbound:transfer.ship.confirm', { code: r.code, warehouse: r.outWarehouseName })}
              okText={t('common:actions.ok')}
              cancelText={t('common:actions.cancel')}
              onConfirm={() => ship.mutate({ id: r.id, version: r.version }, { onSuccess: (after) => toast.success(t('outbound:transfer.ship.done', { code: after.code })) })}
            >
              <Button type="link" size="small">
                {t('outbound:transfer.actions.ship')}
              </Button>
            </Popconfirm>
          )}
          {transferAllows(r.transferStatus, 'receive') && (
            <Button type="link" size="small" onClick={() => setReceiving(r)}>
              {t('outbound:transfer.actions.receive')}
            </Button>
          )}
          {transferAllows(r.transferStatus, 'cancel') && (
            <Popconfirm
              title={t('outbound:transfer.cancel.confirm', { code: r.code })}
              okText={t('common:actions.ok')}
              cancelText={t('common:actions.cancel')}
              onConfirm={() => cancel.mutate({ id: r.id, version: r.version }, { onSuccess: (after) => toast.success(t('outbound:transfer.cancel.done', { code: after.code })) })}
            >
              <Button type="link" size="small" danger>
                {t('outbound:transfer.actions.cancel')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ]);

  return (
    <>
      <PageTitle title={t('nav:routes.stockTransfer')} />
      <Card>
        <Form<Filters>
          form={form}
          layout="inline"
          style={{ marginBottom: 16, rowGap: 8 }}
          initialValues={{
            outWarehouseId: state.outWarehouseId,
            inWarehouseId: state.inWarehouseId,
            transferStatus: state.transferStatus || undefined,
            code: state.code,
            skuKeyword: state.skuKeyword,
            range: state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null,
          }}
          onFinish={search}
        >
          <Form.Item name="outWarehouseId" label={t('outbound:transfer.fields.outWarehouse')}>
            <WarehouseSelect allowAll includeStopped style={{ width: 190 }} />
          </Form.Item>
          <Form.Item name="inWarehouseId" label={t('outbound:transfer.fields.inWarehouse')}>
            <WarehouseSelect allowAll includeStopped style={{ width: 190 }} />
          </Form.Item>
          <Form.Item name="transferStatus" label={t('outbound:transfer.fields.status')}>
            <Select allowClear style={{ width: 130 }} options={TRANSFER_STATUSES.map((s) => ({ value: s, label: t(`outbound:transfer.status.${s}`) }))} />
          </Form.Item>
          <Form.Item name="code" label={t('outbound:transfer.fields.code')}>
            <Input allowClear style={{ width: 190 }} placeholder={t('outbound:list.codePlaceholder')} />
          </Form.Item>
          <Form.Item name="skuKeyword" label={t('outbound:fields.sku')}>
            <Input allowClear style={{ width: 160 }} placeholder={t('outbound:list.skuPlaceholder')} />
          </Form.Item>
          <Form.Item name="range" label={t('outbound:fields.createdAt')}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('common:actions.search')}
            </Button>
            <Button onClick={reset}>{t('common:actions.reset')}</Button>
          </Space>
        </Form>
        <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text type="secondary">{t('outbound:transfer.list.help')}</Typography.Text>
          <Space>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('outbound:transfer.list.add')}
            </Button>
            {settingsButton}
          </Space>
        </Space>
        <Table<TransferRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.voList ?? []}
          columns={columns as ColumnsType<TransferRow>}
          scroll={{ x: 1800 }}
          pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        />
      </Card>
      <TransferFormDrawer
        open={editing !== null}
        transfer={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          setState({ open: saved.id });
        }}
      />
      <TransferReceiveModal transfer={receiving} onClose={() => setReceiving(null)} />
      <TransferDetailDrawer id={state.open || null} onClose={() => setState({ open: 0 })} />
    </>
  );
}
