// /stocks activeKey 2, inbound notices (spec 02 §3.6, §4.1, §7.9): the list with its filters kept in
// the URL (code keywords, status — the home page's jump sends status=CI_ASN_STATUS_CREATED —, type,
// warehouse, supplier, time range), counts per status, each notice's commands, the import, and the
// sandbox warehouse system's console.
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, DatePicker, Empty, Form, Input, Segmented, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CloudServerOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ASN_STATUSES,
  ASN_TIME_TYPES,
  ASN_TYPES,
  formatDateTime,
  DEFAULT_KEYWORD_CAP,
  formatMoney,
  splitKeywords,
  type AsnRow,
  type AsnStatus,
  type AsnTimeType,
  type AsnType,
} from '@openseller/core';
import { useSession } from '../../../app/session';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { useDenseTable, useListDensity } from '../../../ui/density';
import { ImportModal } from '../../../ui/import-modal';
import { tablePagination } from '../../../ui/pagination';
import { useListState } from '../../../ui/use-list-state';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { AsnCommands, type AsnCommandHandlers } from './components/asn-commands';
import { AsnDrawer } from './components/asn-drawer';
import { AsnStatusTag, AsnSyncTags, ReceivedOfNoticed } from './components/asn-tags';
import { ForceCancelModal } from './components/force-cancel-modal';
import { ReceiptModal } from './components/receipt-modal';
import { SandboxConsoleDrawer } from './components/sandbox-console-drawer';
import { inboundErrorMessage, useAsn, useAsnList, useAsnStatuses, useAsnSupplierOptions, useSeesPrices } from './queries';

const DEFAULTS = {
  currentPage: 1,
  pageSize: 10,
  codeKeywords: '',
  status: '',
  asnType: '',
  whId: -1,
  supplierId: 0,
  timeType: 'CREATED',
  startTime: '',
  endTime: '',
};

const RANGE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface FilterValues {
  codeKeywords?: string;
  asnType?: AsnType;
  whId?: number;
  supplierId?: number;
  timeType: AsnTimeType;
  range?: [Dayjs, Dayjs] | null;
}

export default function InboundTab() {
  const { t } = useTranslation();
  const session = useSession();
  const seesPrices = useSeesPrices();
  const [state, setState] = useListState(DEFAULTS);
  const [form] = Form.useForm<FilterValues>();
  const [viewing, setViewing] = useState<number | null>(null);
  const [receivingId, setReceivingId] = useState<number | null>(null);
  const [forcing, setForcing] = useState<AsnRow | null>(null);
  const [sandboxWarehouse, setSandboxWarehouse] = useState<number | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const receiving = useAsn(receivingId);
  const suppliers = useAsnSupplierOptions();
  const statuses = useAsnStatuses();

  const status = (ASN_STATUSES as readonly string[]).includes(state.status) ? (state.status as AsnStatus) : undefined;
  const filter = useMemo(
    () => ({
      currentPage: state.currentPage,
      pageSize: state.pageSize,
      ...(state.codeKeywords ? { codeKeywords: state.codeKeywords } : {}),
      ...(status ? { status } : {}),
      ...(state.asnType ? { asnType: state.asnType as AsnType } : {}),
      whId: state.whId,
      ...(state.supplierId ? { supplierId: state.supplierId } : {}),
      timeType: state.timeType as AsnTimeType,
      ...(state.startTime ? { startTime: state.startTime } : {}),
      ...(state.endTime ? { endTime: state.endTime } : {}),
    }),
    [state, status],
  );
  const list = useAsnList(filter);
  const filtered = !!(state.codeKeywords || status || state.asnType || state.whId !== -1 || state.supplierId || state.startTime);

  const search = (values: FilterValues) => {
    const { items, overCap } = splitKeywords(values.codeKeywords ?? '', DEFAULT_KEYWORD_CAP);
    if (overCap) toast.warning(t('inbound:filters.overCap', { cap: DEFAULT_KEYWORD_CAP }));
    form.setFieldsValue({ codeKeywords: items.join(',') });
    setState({
      currentPage: 1,
      codeKeywords: items.join(','),
      asnType: values.asnType ?? '',
      whId: values.whId ?? -1,
      supplierId: values.supplierId ?? 0,
      timeType: values.timeType,
      startTime: values.range ? values.range[0].startOf('day').format(RANGE_FORMAT) : '',
      endTime: values.range ? values.range[1].endOf('day').format(RANGE_FORMAT) : '',
    });
  };
  const reset = () => {
    form.setFieldsValue({ codeKeywords: '', asnType: undefined, whId: -1, supplierId: undefined, timeType: 'CREATED', range: null });
    setState({ ...DEFAULTS, pageSize: state.pageSize });
  };

  const handlers: AsnCommandHandlers = {
    onView: (row) => setViewing(row.id),
    onReceive: (row) => setReceivingId(row.id),
    onForceCancel: (row) => setForcing(row),
    onSandbox: (row) => setSandboxWarehouse(row.whId),
  };
  const time = (v: string | null) => formatDateTime(v) || '-';

  const columns: ColumnsType<AsnRow> = [
    {
      title: t('inbound:fields.code'),
      key: 'code',
      width: 190,
      fixed: 'left',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Link onClick={() => setViewing(r.id)}>{r.code}</Typography.Link>
          {r.purchaseCode && <Typography.Text type="secondary">{r.purchaseCode}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('inbound:fields.asnType'), key: 'asnType', width: 110, render: (_, r) => t(`inbound:types.${r.asnType}`) },
    { title: t('inbound:fields.status'), key: 'status', width: 100, render: (_, r) => <AsnStatusTag status={r.statusId} /> },
    { title: t('inbound:fields.warehouse'), key: 'warehouse', dataIndex: 'warehouseName', width: 160 },
    { title: t('inbound:fields.supplier'), key: 'supplier', width: 150, render: (_, r) => r.supplierName ?? '-' },
    { title: t('inbound:fields.receivedOfNoticed'), key: 'qty', width: 120, align: 'right', render: (_, r) => <ReceivedOfNoticed received={r.receivedQtyTotal} noticed={r.qtyTotal} /> },
    { title: t('inbound:fields.skuTotal'), key: 'skuTotal', dataIndex: 'skuTotal', width: 80, align: 'right' },
    ...(seesPrices
      ? [{ title: t('inbound:fields.amountTotal'), key: 'amountTotal', width: 120, align: 'right' as const, render: (_: unknown, r: AsnRow) => (r.amountTotal && Number(r.amountTotal) !== 0 ? formatMoney(r.amountTotal) : '-') }]
      : []),
    { title: t('inbound:fields.warehouseSystem'), key: 'sync', width: 190, render: (_, r) => <AsnSyncTags row={r} /> },
    { title: t('inbound:fields.expectedTime'), key: 'expectedTime', width: 150, render: (_, r) => time(r.expectedTime) },
    { title: t('inbound:fields.createdAt'), key: 'createdAt', width: 150, render: (_, r) => time(r.createdAt) },
    { title: t('inbound:fields.createdBy'), key: 'createdBy', width: 110, render: (_, r) => r.createdByName ?? '-' },
    { title: t('inbound:fields.remark'), key: 'remark', width: 160, ellipsis: true, render: (_, r) => r.remark ?? '' },
    { title: t('common:actions.title'), key: 'actions', width: 250, fixed: 'right', render: (_, r) => <AsnCommands row={r} handlers={handlers} /> },
  ];
  const { columns: visible, settingsButton } = useColumnSettings('stock.inbound', columns, ['remark', 'createdBy']);
  // Density and fit (issue 20): the default columns fit the page, compact rows on request, virtual rows from 100 a page.
  const { compact, densitySwitch } = useListDensity('stock.inbound');
  const dense = useDenseTable<AsnRow>(visible, { compact, pageSize: state.pageSize });
  const counts = new Map((statuses.data ?? []).map((s) => [s.statusId, s.count]));
  const total = [...counts.values()].reduce((a, b) => a + b, 0);

  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Form
          form={form}
          layout="inline"
          style={{ rowGap: 8 }}
          initialValues={{
            codeKeywords: state.codeKeywords,
            asnType: state.asnType || undefined,
            whId: state.whId,
            supplierId: state.supplierId || undefined,
            timeType: state.timeType,
            range: state.startTime && state.endTime ? [dayjs(state.startTime), dayjs(state.endTime)] : null,
          }}
          onFinish={search}
        >
          <Form.Item name="codeKeywords" label={t('inbound:filters.codes')}>
            <Input allowClear placeholder={t('inbound:filters.codesPlaceholder')} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="asnType" label={t('inbound:fields.asnType')}>
            <Select allowClear style={{ width: 140 }} placeholder={t('inbound:filters.anyType')} options={ASN_TYPES.map((v) => ({ value: v, label: t(`inbound:types.${v}`) }))} />
          </Form.Item>
          <Form.Item name="whId" label={t('inbound:fields.warehouse')}>
            <WarehouseSelect allowAll includeStopped />
          </Form.Item>
          <Form.Item name="supplierId" label={t('inbound:fields.supplier')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 170 }}
              placeholder={t('inbound:filters.anySupplier')}
              options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
            />
          </Form.Item>
          <Space.Compact>
            <Form.Item name="timeType" noStyle>
              <Select aria-label={t('inbound:filters.timeType')} style={{ width: 120 }} options={ASN_TIME_TYPES.map((v) => ({ value: v, label: t(`inbound:filters.timeTypes.${v}`) }))} />
            </Form.Item>
            <Form.Item name="range" noStyle>
              <DatePicker.RangePicker aria-label={t('inbound:filters.range')} />
            </Form.Item>
          </Space.Compact>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('common:actions.search')}
            </Button>
            <Button onClick={reset}>{t('common:actions.reset')}</Button>
          </Space>
        </Form>
      </Card>

      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Segmented
            value={status ?? ''}
            onChange={(value) => setState({ currentPage: 1, status: String(value) })}
            options={[
              { value: '', label: t('inbound:filters.allStatuses', { count: total }) },
              ...ASN_STATUSES.map((s) => ({ value: s, label: `${t(`inbound:statuses.${s}`)} (${counts.get(s) ?? 0})` })),
            ]}
          />
        </Space>
        <Space wrap>
          {session.menus.has('MENU_ASN_CREATE') && (
            <>
              <Link to="/stocks/createstocksin">
                <Button type="primary" icon={<PlusOutlined />}>
                  {t('inbound:list.create')}
                </Button>
              </Link>
              <Link to="/stocks/createStockAftersale">
                <Button icon={<PlusOutlined />}>{t('inbound:list.createAftersale')}</Button>
              </Link>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('inbound:list.import')}
              </Button>
            </>
          )}
          <Button icon={<CloudServerOutlined />} onClick={() => setSandboxWarehouse(null)}>
            {t('inbound:sandbox.title')}
          </Button>
          {densitySwitch}
          {settingsButton}
        </Space>
      </Space>

      {list.error && <Alert type="error" showIcon message={inboundErrorMessage(list.error)} style={{ marginBottom: 12 }} />}
      <div ref={dense.ref}>
        <Table<AsnRow>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.voList ?? []}
          {...dense.table}
          locale={{ emptyText: <Empty description={filtered ? t('inbound:list.noMatch') : t('inbound:list.empty')} /> }}
          pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        />
      </div>

      <AsnDrawer id={viewing} onClose={() => setViewing(null)} handlers={handlers} />
      <ReceiptModal asn={receivingId !== null && receiving.data?.id === receivingId ? receiving.data : null} onClose={() => setReceivingId(null)} />
      <ForceCancelModal asn={forcing} onClose={() => setForcing(null)} />
      <SandboxConsoleDrawer open={sandboxWarehouse !== undefined} warehouseId={sandboxWarehouse ?? null} onClose={() => setSandboxWarehouse(undefined)} />
      <ImportModal
        open={importing}
        kind="ASN"
        title={t('inbound:import.title')}
        onClose={() => setImporting(false)}
        onDone={() => void list.refetch()}
        summaryLabels={{ notices: t('inbound:import.summary.notices'), lines: t('inbound:import.summary.lines') }}
        fieldLabels={Object.fromEntries(['noticeKey', 'warehouseCode', 'asnType', 'supplierCode', 'purchaseCode', 'skuCode', 'qty', 'price', 'locationCode', 'remark'].map((k) => [k, t(`inbound:import.columns.${k}`)]))}
      />
    </>
  );
}
