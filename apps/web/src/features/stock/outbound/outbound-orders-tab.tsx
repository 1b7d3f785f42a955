// /stocks activeKey 3, outbound orders (spec 02 §3.6, §4.2, §7.9): the list with its filters kept
// in the URL (the home page and the notice jump here with status=CI_WDO_STATUS_CREATED), each
// order's commands as its status and the account's menus allow (edit, verify, sync, deliver,
// cancel, force cancel, delete), its detail, and the import of orders from a spreadsheet.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Dropdown, Form, Input, Popconfirm, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { WDO_STATUSES, WDO_TYPES, type WdoRow, type WdoStatus, type WdoType, type WdoWithDetails } from '@openseller/core';
import { useSession } from '../../../app/session';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { useDenseTable, useListDensity } from '../../../ui/density';
import { ImportModal } from '../../../ui/import-modal';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { warehouseLabel } from '../../warehouses/queries';
import { outboundApi } from './api';
import { DeliverModal, ReasonModal, type ReasonAction } from './components/wdo-dialogs';
import { WdoDetailDrawer } from './components/wdo-detail-drawer';
import { useWdoPermissions, WdoStatusTag, WdoSyncTag } from './components/wdo-parts';
import { outboundKeys, useOutboundMutation, useWdoList, type WdoFilter } from './queries';

const DEFAULTS = { currentPage: 1, pageSize: 10, whId: -1, status: '', wdoType: '', code: '', skuKeyword: '', from: '', to: '', open: 0 };
const TIME = 'YYYY-MM-DD HH:mm:ss';

interface Filters {
  whId?: number;
  status?: WdoStatus;
  wdoType?: WdoType;
  code?: string;
  skuKeyword?: string;
  range?: [Dayjs, Dayjs] | null;
}

export default function OutboundOrdersTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { menus } = useSession();
  const [state, setState] = useListState(DEFAULTS);
  const [form] = Form.useForm<Filters>();
  const allows = useWdoPermissions();
  const [delivering, setDelivering] = useState<WdoRow | null>(null);
  const [reason, setReason] = useState<{ wdo: WdoRow; action: ReasonAction } | null>(null);
  const [importing, setImporting] = useState(false);

  const filter = useMemo<WdoFilter>(
    () => ({
      currentPage: state.currentPage,
      pageSize: state.pageSize,
      whId: state.whId,
      ...(state.status ? { status: state.status as WdoStatus } : {}),
      ...(state.wdoType ? { wdoType: state.wdoType as WdoType } : {}),
      ...(state.code ? { code: state.code } : {}),
      ...(state.skuKeyword ? { skuKeyword: state.skuKeyword } : {}),
      ...(state.from ? { timeFrom: state.from } : {}),
      ...(state.to ? { timeTo: state.to } : {}),
    }),
    [state],
  );
  const list = useWdoList(filter);

  const afterIssue = (after: WdoWithDetails, done: string) => {
    if (after.syncStatus === 'FAILURE') toast.warning(t('outbound:sync.failed', { code: after.code, message: after.syncMessage ?? '' }));
    else toast.success(done);
  };
  const verify = useOutboundMutation(outboundApi.verify);
  const sync = useOutboundMutation(outboundApi.sync);
  const remove = useOutboundMutation(outboundApi.remove);

  const search = (v: Filters) =>
    setState({
      currentPage: 1,
      whId: v.whId ?? -1,
      status: v.status ?? '',
      wdoType: v.wdoType ?? '',
      code: v.code?.trim() ?? '',
      skuKeyword: v.skuKeyword?.trim() ?? '',
      from: v.range ? v.range[0].startOf('day').format(TIME) : '',
      to: v.range ? v.range[1].endOf('day').format(TIME) : '',
    });
  const reset = () => {
    form.setFieldsValue({ whId: -1, status: undefined, wdoType: undefined, code: '', skuKeyword: '', range: null });
    setState({ ...DEFAULTS, pageSize: state.pageSize });
  };

  const actionsOf = (row: WdoRow) => {
    const items = [
      allows(row, 'update') && { key: 'edit', label: t('common:actions.edit') },
      allows(row, 'sync') && { key: 'sync', label: t('outbound:actions.sync') },
      allows(row, 'cancel') && { key: 'cancel', label: t('outbound:actions.cancel') },
      allows(row, 'forceCancel') && { key: 'forceCancel', label: t('outbound:actions.forceCancel'), danger: true },
    ].filter(Boolean) as { key: string; label: string; danger?: boolean }[];
    return items;
  };
  const onAction = (row: WdoRow, key: string) => {
    if (key === 'edit') navigate(`/stocks/createstocksout?id=${row.id}`);
    else if (key === 'sync') sync.mutate({ id: row.id, version: row.version }, { onSuccess: (after) => afterIssue(after, t('outbound:sync.done', { code: after.code })) });
    else if (key === 'cancel' || key === 'forceCancel') setReason({ wdo: row, action: key });
  };

  const { columns, settingsButton } = useColumnSettings<WdoRow>('stock.outbound.orders', [
    {
      title: t('outbound:fields.code'),
      key: 'code',
      width: 190,
      fixed: 'left',
      render: (_, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setState({ open: r.id })}>
          {r.code}
        </Button>
      ),
    },
    { title: t('outbound:fields.status'), key: 'status', width: 150, render: (_, r) => <WdoStatusTag row={r} /> },
    { title: t('outbound:fields.warehouse'), key: 'warehouse', width: 170, render: (_, r) => warehouseLabel(r.warehouseName, r.warehouseType as never) },
    { title: t('outbound:fields.wdoType'), key: 'wdoType', dataIndex: 'wdoType', width: 170, render: (v: WdoType) => t(`outbound:types.${v}`) },
    { title: t('outbound:fields.qtyTotal'), key: 'qtyTotal', width: 110, align: 'right', render: (_, r) => (r.deliveredQtyTotal ? `${r.deliveredQtyTotal} / ${r.qtyTotal}` : r.qtyTotal) },
    { title: t('outbound:fields.skuTotal'), key: 'skuTotal', dataIndex: 'skuTotal', width: 90, align: 'right' },
    { title: t('outbound:fields.syncStatus'), key: 'syncStatus', width: 120, render: (_, r) => <WdoSyncTag row={r} /> },
    { title: t('outbound:fields.relatedCode'), key: 'relatedCode', dataIndex: 'relatedCode', width: 140, render: (v: string | null) => v ?? '-' },
    { title: t('outbound:fields.receiverName'), key: 'receiverName', dataIndex: 'receiverName', width: 120, render: (v: string | null) => v ?? '-' },
    { title: t('outbound:fields.remark'), key: 'remark', dataIndex: 'remark', width: 160, ellipsis: true, render: (v: string | null) => v ?? '-' },
    { title: t('outbound:fields.createdBy'), key: 'createdBy', dataIndex: 'createdByName', width: 120, render: (v: string | null) => v ?? '-' },
    { title: t('outbound:fields.createdAt'), key: 'createdAt', dataIndex: 'createdAt', width: 160, render: (v: string) => <DateTime value={v} /> },
    {
      title: t('common:actions.title'),
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_, r) => {
        const more = actionsOf(r);
        return (
          <Space size={0} wrap>
            {allows(r, 'verify') && (
              <Popconfirm
                title={t('outbound:verify.confirm', { code: r.code })}
                okText={t('common:actions.ok')}
                cancelText={t('common:actions.cancel')}
                onConfirm={() => verify.mutate({ id: r.id, version: r.version }, { onSuccess: (after) => afterIssue(after, t('outbound:verify.done', { code: after.code })) })}
              >
                <Button type="link" size="small">
                  {t('outbound:actions.verify')}
                </Button>
              </Popconfirm>
            )}
            {allows(r, 'deliver') && (
              <Button type="link" size="small" onClick={() => setDelivering(r)}>
                {t('outbound:actions.deliver')}
              </Button>
            )}
            {allows(r, 'delete') && (
              <Popconfirm
                title={t('outbound:delete.confirm', { code: r.code })}
                okText={t('common:actions.ok')}
                cancelText={t('common:actions.cancel')}
                onConfirm={() => remove.mutate({ id: r.id, version: r.version }, { onSuccess: () => toast.success(t('outbound:delete.done', { code: r.code })) })}
              >
                <Button type="link" size="small" danger>
                  {t('common:actions.delete')}
                </Button>
              </Popconfirm>
            )}
            {more.length > 0 && (
              <Dropdown menu={{ items: more, onClick: ({ key }) => onAction(r, key) }}>
                <Button type="link" size="small">
                  {t('outbound:actions.more')} <DownOutlined />
                </Button>
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ]);
  // Density and fit (issue 20): the default columns fit the page, compact rows on request, virtual rows from 100 a page.
  const { compact, densitySwitch } = useListDensity('stock.outbound.orders');
  const dense = useDenseTable<WdoRow>(columns as ColumnsType<WdoRow>, { compact, pageSize: state.pageSize });

  return (
    <>
      <Form<Filters>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        initialValues={{
          whId: state.whId,
          status: state.status || undefined,
          wdoType: state.wdoType || undefined,
          code: state.code,
          skuKeyword: state.skuKeyword,
          range: state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null,
        }}
        onFinish={search}
      >
        <Form.Item name="whId" label={t('outbound:fields.warehouse')}>
          <WarehouseSelect allowAll includeStopped style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label={t('outbound:fields.status')}>
          <Select allowClear style={{ width: 150 }} options={WDO_STATUSES.map((s) => ({ value: s, label: t(`outbound:status.${s}`) }))} />
        </Form.Item>
        <Form.Item name="wdoType" label={t('outbound:fields.wdoType')}>
          <Select allowClear style={{ width: 150 }} options={WDO_TYPES.map((s) => ({ value: s, label: t(`outbound:types.${s}`) }))} />
        </Form.Item>
        <Form.Item name="code" label={t('outbound:fields.code')}>
          <Input allowClear style={{ width: 200 }} placeholder={t('outbound:list.codePlaceholder')} />
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
        <Typography.Text type="secondary">{t('outbound:list.total', { count: list.data?.total ?? 0 })}</Typography.Text>
        <Space wrap>
          {menus.has('MENU_WDO_CREATE') && (
            <>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('outbound:list.import')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/stocks/createstocksout')}>
                {t('outbound:list.add')}
              </Button>
            </>
          )}
          {densitySwitch}
          {settingsButton}
        </Space>
      </Space>
      <div ref={dense.ref}>
        <Table<WdoRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.voList ?? []}
          {...dense.table}
          pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        />
      </div>
      <WdoDetailDrawer id={state.open || null} onClose={() => setState({ open: 0 })} />
      <DeliverModal wdo={delivering} onClose={() => setDelivering(null)} />
      <ReasonModal wdo={reason?.wdo ?? null} action={reason?.action ?? 'cancel'} onClose={() => setReason(null)} />
      <ImportModal
        open={importing}
        kind="WDO"
        title={t('outbound:import.title')}
        onClose={() => setImporting(false)}
        onDone={() => void client.invalidateQueries({ queryKey: outboundKeys.all })}
        summaryLabels={{ orders: t('outbound:import.orders'), lines: t('outbound:import.lines'), pieces: t('outbound:import.pieces'), created: t('outbound:import.created') }}
        fieldLabels={{
          code: t('outbound:fields.code'),
          warehouseCode: t('outbound:fields.warehouseCode'),
          wdoType: t('outbound:fields.wdoType'),
          skuCode: t('outbound:fields.skuCode'),
          qty: t('outbound:fields.qty'),
          relatedCode: t('outbound:fields.relatedCode'),
          receiverName: t('outbound:fields.receiverName'),
          receiverPhone: t('outbound:fields.receiverPhone'),
          receiverAddress: t('outbound:fields.receiverAddress'),
          remark: t('outbound:fields.remark'),
        }}
      />
    </>
  );
}
