// /afterSale (MENU_AFTER_SALES): the after-sale documents (spec 02 §3.7, §4.2, §7.11) with their
// separate states (document, refund, receipt of returned goods, write-back to the platform, the
// platform's own), filters kept in the URL, the decisions on one document or a selection (which
// buttons show comes from the decision-by-state rule of packages/core), import and export.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, DatePicker, Empty, Form, Input, Modal, Popconfirm, Segmented, Select, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  AFTER_SALE_STATES,
  AFTER_SALE_TYPES,
  AFTER_SALES_IMPORT_KIND,
  allowedDecisions,
  formatDateTime,
  compareDecimals,
  RECEIPT_STATES,
  REFUND_STATES,
  REPLACEMENT_MODES,
  SENDS_GOODS,
  WRITE_BACK_STATES,
  type AfterSaleDecision,
  type AfterSaleState,
  type ReceiptState,
  type RefundState,
  type ReplacementMode,
  type WriteBackState,
} from '@openseller/core';
import { toast } from '../../../app/toast';
import { announceNewExport } from '../../exports/export-events';
import { StoreSelect } from '../../stores/components/store-select';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { ImportModal } from '../../../ui/import-modal';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { useListState } from '../../../ui/use-list-state';
import { afterSalesApi, type AfterSaleBatchResultData, type AfterSaleFilter, type AfterSaleRowData } from '../api';
import { AfterSaleDetailDrawer } from '../components/aftersale-detail-drawer';
import { ReturnRateReportView } from '../components/return-rate-report';
import { afterSalesErrorMessage, useAfterSaleList, useAfterSalesMutation, type AfterSaleView } from '../queries';

const STATE_COLORS: Record<AfterSaleState, string> = { UNPROCESSED: 'warning', PROCESSING: 'processing', COMPLETED: 'success', CLOSED: 'default' };
const REFUND_COLORS: Record<RefundState, string> = { VERIFY: 'warning', WAIT: 'processing', SUCCESS: 'success', REJECT: 'default', FAILURE: 'error' };
const RECEIPT_COLORS: Record<ReceiptState, string> = { NONE: 'default', WAITING: 'processing', PARTIAL: 'cyan', ALL: 'success', STOPPED: 'default' };
const WRITE_BACK_COLORS: Record<WriteBackState, string> = { TO_SEND: 'processing', SENT: 'success', FAILED: 'error' };

/** Whether the seller may still choose the replacement of an exchange or a reissue. */
const choosesReplacement = (row: AfterSaleRowData) =>
  SENDS_GOODS.has(row.type) && !row.replacementOrderId && row.replacementMode !== 'AFTER_RECEIPT' && row.checkStatus !== 'COMPLETED' && row.checkStatus !== 'CLOSED';

/** The decisions offered as buttons (upload logistics has its own form on the row). */
const BATCH_DECISIONS: AfterSaleDecision[] = ['agreeRefund', 'refuseRefund', 'agreeReturn', 'refuseReturn', 'refundFinish', 'sync'];

const DEFAULTS = { page: 1, size: 10, state: '', refund: '', receipt: '', writeBack: '', type: '', store: 0, keyword: '', from: '', to: '', order: 0, tab: 'all', detail: 0 };
const TABS = ['all', 'archive', 'abnormal', 'report'] as const;

export default function AfterSalesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useListState(DEFAULTS);
  const [selected, setSelected] = useState<AfterSaleRowData[]>([]);
  const [importing, setImporting] = useState(false);
  const [returning, setReturning] = useState<AfterSaleRowData[] | null>(null);
  const [returnWhId, setReturnWhId] = useState<number | undefined>();
  const [logistics, setLogistics] = useState<AfterSaleRowData | null>(null);
  const [logisticsForm] = Form.useForm<{ buyerExpressCompanyCode?: string; buyerExpressNo: string }>();
  const [keyword, setKeyword] = useState(state.keyword);

  const filter: AfterSaleFilter = {
    currentPage: state.page,
    pageSize: state.size,
    checkStatusList: state.state ? [state.state as AfterSaleState] : null,
    refundStatusList: state.refund ? [state.refund as RefundState] : null,
    receiptStatusList: state.receipt ? [state.receipt as ReceiptState] : null,
    writeBackStatusList: state.writeBack ? [state.writeBack as (typeof WRITE_BACK_STATES)[number]] : null,
    typeList: state.type ? [state.type as (typeof AFTER_SALE_TYPES)[number]] : null,
    storeIdList: state.store ? [state.store] : null,
    orderKeyWord: state.keyword || null,
    startTime: state.from || null,
    endTime: state.to || null,
    // The after-sales of one order (made from it, or whose replacement it is): the order's jump here.
    erpOrderId: state.order || null,
  };
  const tab = (TABS as readonly string[]).includes(state.tab) ? (state.tab as (typeof TABS)[number]) : 'all';
  const list = useAfterSaleList(filter, tab === 'report' ? 'all' : (tab as AfterSaleView), tab !== 'report');
  const rows = list.data?.voList ?? [];
  const filtered = Object.entries(state).some(([k, v]) => !['page', 'size', 'tab', 'detail'].includes(k) && v !== DEFAULTS[k as keyof typeof DEFAULTS]);

  function report(decision: string, result: AfterSaleBatchResultData) {
    if (result.succeeded.length) toast.success(t('aftersales:batch.done', { action: t(`aftersales:decisions.${decision}`), count: result.succeeded.length }));
    if (result.refusals.length)
      Modal.warning({
        title: t('aftersales:batch.refused', { count: result.refusals.length }),
        content: (
          <ul style={{ paddingInlineStart: 18 }}>
            {result.refusals.map((r) => (
              <li key={r.id}>{r.message}</li>
            ))}
          </ul>
        ),
      });
    setSelected([]);
  }

  const run = useAfterSalesMutation(async ({ decision, rows: chosen, whId }: { decision: AfterSaleDecision; rows: AfterSaleRowData[]; whId?: number }) => {
    const result =
      decision === 'agreeReturn'
        ? await afterSalesApi.agreeReturn(chosen, whId)
        : decision === 'agreeRefund'
          ? await afterSalesApi.agreeRefund(chosen)
          : decision === 'refuseRefund'
            ? await afterSalesApi.refuseRefund(chosen)
            : decision === 'refuseReturn'
              ? await afterSalesApi.refuseReturn(chosen)
              : decision === 'refundFinish'
                ? await afterSalesApi.refundFinish(chosen)
                : await afterSalesApi.sync(chosen);
    report(decision, result);
  });
  const replace = useAfterSalesMutation(async ({ row, mode }: { row: AfterSaleRowData; mode: ReplacementMode }) => report('replacement', await afterSalesApi.replacement([row], mode)));
  const remove = useAfterSalesMutation(async (chosen: AfterSaleRowData[]) => report('delete', await afterSalesApi.remove(chosen)));
  const upload = useAfterSalesMutation(async ({ row, values }: { row: AfterSaleRowData; values: { buyerExpressCompanyCode?: string; buyerExpressNo: string } }) =>
    report('uploadLogistics', await afterSalesApi.uploadLogistics([row], values)),
  );

  function decide(decision: AfterSaleDecision, chosen: AfterSaleRowData[]) {
    if (decision === 'agreeReturn' && chosen.some((r) => !r.returnWhId)) {
      setReturnWhId(undefined);
      setReturning(chosen);
      return;
    }
    run.mutate({ decision, rows: chosen });
  }

  async function exportList() {
    try {
      const { currentPage: _p, pageSize: _s, ...rest } = filter;
      await afterSalesApi.exportList({ ...rest, idList: selected.length ? selected.map((r) => r.id) : null });
      announceNewExport();
      toast.success(t('aftersales:export.started'));
    } catch (error) {
      toast.error(afterSalesErrorMessage(error));
    }
  }

  const allows = (row: AfterSaleRowData) => allowedDecisions(row, row.platformCode, BATCH_DECISIONS);
  const selectionAllows = (d: AfterSaleDecision) => selected.some((r) => allows(r).includes(d));

  const columns: ColumnsType<AfterSaleRowData> = [
    {
      title: t('aftersales:columns.code'),
      dataIndex: 'code',
      width: 160,
      fixed: 'left',
      render: (code: string, row) => <Typography.Link onClick={() => setState({ detail: row.id })}>{code}</Typography.Link>,
    },
    { title: t('aftersales:columns.type'), dataIndex: 'type', width: 110, render: (v: string) => t(`aftersales:types.${v}`) },
    { title: t('aftersales:columns.order'), dataIndex: 'erpSoHCode', width: 170 },
    { title: t('aftersales:columns.store'), dataIndex: 'storeName', width: 140 },
    { title: t('aftersales:columns.buyer'), dataIndex: 'buyerNick', width: 120 },
    { title: t('aftersales:columns.checkStatus'), dataIndex: 'checkStatus', width: 110, render: (v: AfterSaleState) => <Tag color={STATE_COLORS[v]}>{t(`aftersales:states.${v}`)}</Tag> },
    { title: t('aftersales:columns.refundStatus'), dataIndex: 'refundStatus', width: 120, render: (v: RefundState | null) => (v ? <Tag color={REFUND_COLORS[v]}>{t(`aftersales:refundStates.${v}`)}</Tag> : '—') },
    { title: t('aftersales:columns.receiptStatus'), dataIndex: 'receiptStatus', width: 120, render: (v: ReceiptState) => <Tag color={RECEIPT_COLORS[v]}>{t(`aftersales:receiptStates.${v}`)}</Tag> },
    { title: t('aftersales:columns.source'), dataIndex: 'source', width: 90, render: (v: string) => t(`aftersales:sources.${v}`) },
    {
      title: t('aftersales:columns.writeBackStatus'),
      dataIndex: 'writeBackStatus',
      width: 110,
      render: (v: WriteBackState | null, row) =>
        v ? (
          <Tooltip title={row.writeBackError ? t('aftersales:writeBack.error', { message: row.writeBackError }) : undefined}>
            <Tag color={WRITE_BACK_COLORS[v]}>{t(`aftersales:writeBackStates.${v}`)}</Tag>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    { title: t('aftersales:columns.platformStatus'), dataIndex: 'platformStatus', width: 120, render: (v: string | null) => v ?? '—' },
    { title: t('aftersales:columns.refundFee'), dataIndex: 'refundFee', width: 100, align: 'right' },
    {
      title: t('aftersales:columns.goods'),
      width: 200,
      render: (_: unknown, row) => (
        <Space direction="vertical" size={0}>
          {row.returnDetailDtos.map((l) => (
            <span key={l.id}>
              {l.skuCode} × {l.skuNum}
            </span>
          ))}
          {row.exchangeDetailDtos.map((l) => (
            <Typography.Text key={l.id} type="secondary">
              {t('aftersales:columns.sendOut')} {l.skuCode} × {l.skuNum}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    {
      title: t('aftersales:columns.replacement'),
      width: 190,
      render: (_: unknown, row) =>
        SENDS_GOODS.has(row.type) ? (
          <Space direction="vertical" size={0}>
            {row.replacementOrderCode ? (
              <Typography.Text copyable>{row.replacementOrderCode}</Typography.Text>
            ) : row.replacementMode === 'AFTER_RECEIPT' ? (
              <Typography.Text type="secondary">{t('aftersales:replacement.waiting')}</Typography.Text>
            ) : (
              '—'
            )}
            {row.valueDifference != null && (
              <Typography.Text type={compareDecimals(row.valueDifference, 0) === 0 ? 'secondary' : 'warning'}>
                {compareDecimals(row.valueDifference, 0) > 0
                  ? t('aftersales:difference.charge', { amount: row.valueDifference })
                  : compareDecimals(row.valueDifference, 0) < 0
                    ? t('aftersales:difference.refund', { amount: row.valueDifference.replace('-', '') })
                    : t('aftersales:difference.none')}
              </Typography.Text>
            )}
          </Space>
        ) : (
          '—'
        ),
    },
    { title: t('aftersales:columns.reason'), dataIndex: 'afterSalesReason', width: 120 },
    { title: t('aftersales:columns.returnWarehouse'), dataIndex: 'returnWhName', width: 130 },
    { title: t('aftersales:columns.expressNo'), dataIndex: 'buyerExpressNo', width: 140 },
    { title: t('aftersales:columns.applyTime'), dataIndex: 'applyTime', width: 150, render: (v: string | null) => (v ? formatDateTime(v) : '') },
    {
      title: t('aftersales:columns.actions'),
      fixed: 'right',
      width: 240,
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          {allows(row)
            .filter((d) => d !== 'sync')
            .map((d) => (
              <Button key={d} type="link" size="small" onClick={() => decide(d, [row])}>
                {t(`aftersales:decisions.${d}`)}
              </Button>
            ))}
          {allowedDecisions(row, row.platformCode, ['uploadLogistics']).length > 0 && (
            <Button
              type="link"
              size="small"
              onClick={() => {
                logisticsForm.setFieldsValue({ buyerExpressCompanyCode: row.buyerExpressCompanyCode ?? undefined, buyerExpressNo: row.buyerExpressNo ?? '' });
                setLogistics(row);
              }}
            >
              {t('aftersales:decisions.uploadLogistics')}
            </Button>
          )}
          {choosesReplacement(row) &&
            REPLACEMENT_MODES.filter((m) => row.type !== 'REISSUE' || m === 'NOW').map((m) => (
              <Button key={m} type="link" size="small" onClick={() => replace.mutate({ row, mode: m })}>
                {t(`aftersales:replacementModes.${m}`)}
              </Button>
            ))}
          {((row.rmaId && ['WAITING', 'PARTIAL'].includes(row.receiptStatus)) || row.writeBackStatus === 'FAILED') && (
            <Button type="link" size="small" onClick={() => decide('sync', [row])}>
              {t('aftersales:decisions.sync')}
            </Button>
          )}
          {row.checkStatus === 'UNPROCESSED' && (
            <Popconfirm title={t('aftersales:actions.confirmDelete', { code: row.code })} onConfirm={() => remove.mutateAsync([row]).catch(() => undefined)}>
              <Button type="link" size="small" danger>
                {t('aftersales:actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const options = <T extends string>(values: readonly T[], ns: string) => values.map((v) => ({ value: v, label: t(`aftersales:${ns}.${v}`) }));

  return (
    <>
      <PageTitle title={t('nav:routes.afterSale')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setState({ tab: key, page: 1 })}
        items={TABS.map((key) => ({ key, label: t(`aftersales:tabs.${key}`) }))}
      />
      {tab === 'report' ? (
        <ReturnRateReportView />
      ) : (
                <Card>
                  <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                    <Segmented
                      value={state.state || 'ALL'}
                      onChange={(v) => setState({ state: v === 'ALL' ? '' : String(v), page: 1 })}
                      options={[{ value: 'ALL', label: t('aftersales:states.ALL') }, ...options(AFTER_SALE_STATES, 'states')]}
                    />
                    <Space wrap>
                      <Select aria-label={t('aftersales:columns.type')} allowClear placeholder={t('aftersales:columns.type')} style={{ width: 140 }} value={state.type || undefined} onChange={(v) => setState({ type: v ?? '', page: 1 })} options={options(AFTER_SALE_TYPES, 'types')} />
                      <Select aria-label={t('aftersales:columns.refundStatus')} allowClear placeholder={t('aftersales:columns.refundStatus')} style={{ width: 140 }} value={state.refund || undefined} onChange={(v) => setState({ refund: v ?? '', page: 1 })} options={options(REFUND_STATES, 'refundStates')} />
                      <Select aria-label={t('aftersales:columns.receiptStatus')} allowClear placeholder={t('aftersales:columns.receiptStatus')} style={{ width: 140 }} value={state.receipt || undefined} onChange={(v) => setState({ receipt: v ?? '', page: 1 })} options={options(RECEIPT_STATES, 'receiptStates')} />
                      <Select aria-label={t('aftersales:columns.writeBackStatus')} allowClear placeholder={t('aftersales:columns.writeBackStatus')} style={{ width: 140 }} value={state.writeBack || undefined} onChange={(v) => setState({ writeBack: v ?? '', page: 1 })} options={options(WRITE_BACK_STATES, 'writeBackStates')} />
                      <StoreSelect allowClear placeholder={t('aftersales:columns.store')} value={state.store || undefined} onChange={(v) => setState({ store: typeof v === 'number' ? v : 0, page: 1 })} />
                      <DatePicker.RangePicker
                        showTime
                        aria-label={t('aftersales:columns.applyTime')}
                        value={state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null}
                        onChange={(range) => setState({ from: range?.[0]?.format('YYYY-MM-DD HH:mm:ss') ?? '', to: range?.[1]?.format('YYYY-MM-DD HH:mm:ss') ?? '', page: 1 })}
                      />
                      <Input.Search
                        allowClear
                        style={{ width: 300 }}
                        placeholder={t('aftersales:filters.keyword')}
                        enterButton={t('common:actions.search')}
                        value={keyword}
                        onChange={(e) => setKeyword(e.target.value)}
                        onSearch={(v) => setState({ keyword: v.trim(), page: 1 })}
                      />
                    </Space>
                    <Space wrap>
                      <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/afterSale/createAfterSaleOrder')}>
                        {t('aftersales:actions.create')}
                      </Button>
                      {BATCH_DECISIONS.map((d) => (
                        <Button key={d} disabled={!selectionAllows(d)} loading={run.isPending && run.variables?.decision === d && run.variables.rows.length > 1} onClick={() => decide(d, selected)}>
                          {t(`aftersales:decisions.${d}`)}
                        </Button>
                      ))}
                      <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                        {t('aftersales:actions.import')}
                      </Button>
                      <Button icon={<DownloadOutlined />} onClick={() => void exportList()}>
                        {t('aftersales:actions.export')}
                      </Button>
                      {selected.length > 0 && <Typography.Text type="secondary">{t('aftersales:batch.selected', { count: selected.length })}</Typography.Text>}
                    </Space>
                    <Table
                      rowKey="id"
                      size="middle"
                      loading={list.isFetching}
                      columns={columns}
                      dataSource={rows}
                      scroll={{ x: 2800 }}
                      rowSelection={{ selectedRowKeys: selected.map((r) => r.id), onChange: (_keys, chosen) => setSelected(chosen) }}
                      locale={{
                        emptyText: (
                          <Empty description={filtered ? t('aftersales:empty.filtered') : t('aftersales:empty.none')}>
                            {!filtered && (
                              <Button type="primary" onClick={() => navigate('/afterSale/createAfterSaleOrder')}>
                                {t('aftersales:actions.create')}
                              </Button>
                            )}
                          </Empty>
                        ),
                      }}
                      pagination={tablePagination(state.page, state.size, list.data?.total ?? 0, (page, size) => setState({ page, size }))}
                    />
                  </Space>
                </Card>
      )}
      {state.detail > 0 && <AfterSaleDetailDrawer id={state.detail} onClose={() => setState({ detail: 0 })} />}
      <Modal
        open={returning !== null}
        title={t('aftersales:agreeReturn.title')}
        okText={t('aftersales:decisions.agreeReturn')}
        okButtonProps={{ disabled: !returnWhId }}
        onCancel={() => setReturning(null)}
        onOk={() => {
          run.mutate({ decision: 'agreeReturn', rows: returning ?? [], whId: returnWhId! });
          setReturning(null);
        }}
      >
        <Form layout="vertical">
          <Form.Item label={t('aftersales:columns.returnWarehouse')} required>
            <WarehouseSelect value={returnWhId} onChange={(v) => setReturnWhId(v)} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={logistics !== null}
        title={t('aftersales:logistics.title', { code: logistics?.code ?? '' })}
        okText={t('aftersales:decisions.uploadLogistics')}
        onCancel={() => setLogistics(null)}
        onOk={() =>
          void logisticsForm.validateFields().then((values) => {
            upload.mutate({ row: logistics!, values });
            setLogistics(null);
          })
        }
      >
        <Form form={logisticsForm} layout="vertical">
          <Form.Item name="buyerExpressCompanyCode" label={t('aftersales:logistics.company')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="buyerExpressNo" label={t('aftersales:columns.expressNo')} rules={[{ required: true, whitespace: true, message: t('aftersales:logistics.required') }]}>
            <Input maxLength={64} />
          </Form.Item>
        </Form>
      </Modal>
      <ImportModal open={importing} kind={AFTER_SALES_IMPORT_KIND} title={t('aftersales:import.title')} onClose={() => setImporting(false)} onDone={() => void list.refetch()} />
    </>
  );
}
