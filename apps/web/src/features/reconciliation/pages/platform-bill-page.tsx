// /finance/reconciliation/platform-bill (MENU_PLATFORM_BILL): the ledger's bill lines with their
// type (INCOME / EXPENDITURE) and state (TO_BE_RECORD / RECORDED); a bill file imported (all lines
// or none; a refused file's bad lines listed and downloadable), the marketplace's bills pulled for
// a store and period, chosen lines recorded.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Checkbox, DatePicker, Empty, Form, Input, Modal, Progress, Select, Space, Statistic, Table, Tag, Typography, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import { UploadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PlatformBillCalls, BILL_SOURCES, BILL_STATUSES, BILL_TYPES, formatDateTime, formatMoney, type BillImportAnswer, type BillLineRow, type BillSource, type BillStatus, type BillType } from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { useListState } from '../../../ui/use-list-state';
import { useStoreOptions } from '../../stores/queries';
import { downloadFile } from '../../exports/api';
import { platformBillApi } from '../api';
import { reconciliationKeys, useBillImportTask, useBillLines, useReconciliationMutation } from '../queries';

const DEFAULTS = { currentPage: 1, pageSize: 20, storeId: 0, billStatus: '', billType: '', eventType: '', source: '', orderNo: '' };
const EVENT_TYPES = ['sale', 'refund', 'fee', 'subsidy', 'adjustment'] as const;
const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined => ((list as readonly string[]).includes(value) ? (value as T) : undefined);

export default function PlatformBillPage() {
  const { t } = useTranslation();
  const [state, setState] = useListState(DEFAULTS);
  const stores = useStoreOptions();
  const storeOptions = (stores.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  const filter = {
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.storeId ? { storeId: state.storeId } : {}),
    ...(oneOf(BILL_STATUSES, state.billStatus) ? { billStatus: state.billStatus as BillStatus } : {}),
    ...(oneOf(BILL_TYPES, state.billType) ? { billType: state.billType as BillType } : {}),
    ...(oneOf(BILL_SOURCES, state.source) ? { source: state.source as BillSource } : {}),
    ...(state.eventType ? { eventType: state.eventType } : {}),
    ...(state.orderNo ? { orderNo: state.orderNo } : {}),
  };
  const list = useBillLines(filter);
  const [selected, setSelected] = useState<number[]>([]);
  const record = useReconciliationMutation(platformBillApi.record);
  const [dialog, setDialog] = useState<'import' | 'pull' | null>(null);

  const columns: ColumnsType<BillLineRow> = [
    { title: t('reconciliation:fields.settledAt'), dataIndex: 'settledAt', width: 160, render: (v: string) => formatDateTime(v) },
    { title: t('reconciliation:fields.store'), dataIndex: 'storeName', width: 140 },
    { title: t('reconciliation:fields.orderNo'), dataIndex: 'orderNo', width: 190, render: (v: string | null, r) => (v ? <Link to={`/finance/reconciliation?orderNo=${encodeURIComponent(v)}&storeId=${r.storeId}`}>{v}</Link> : '—') },
    { title: t('reconciliation:fields.afterSaleNo'), dataIndex: 'afterSaleNo', width: 150, render: (v: string | null) => v ?? '—' },
    { title: t('reconciliation:fields.eventType'), dataIndex: 'eventType', width: 170, render: (v: string) => t(`reconciliation:eventTypes.${v.replace(':', '.')}`, { defaultValue: v }) },
    { title: t('reconciliation:fields.billType'), dataIndex: 'billType', width: 100, render: (v: BillType) => <Tag color={v === 'INCOME' ? 'green' : 'red'}>{t(`reconciliation:billTypes.${v}`)}</Tag> },
    { title: t('reconciliation:fields.amount'), dataIndex: 'amount', align: 'right', width: 120, render: (v: string) => formatMoney(v) },
    { title: t('reconciliation:fields.source'), dataIndex: 'source', width: 150, render: (v: BillSource) => t(`reconciliation:sources.${v}`) },
    { title: t('reconciliation:fields.billStatus'), dataIndex: 'billStatus', width: 110, render: (v: BillStatus) => <Tag color={v === 'RECORDED' ? 'blue' : 'default'}>{t(`reconciliation:billStatuses.${v}`)}</Tag> },
    { title: t('reconciliation:fields.lineId'), dataIndex: 'sourceLineId', ellipsis: true },
  ];

  return (
    <>
      <PageTitle
        title={t('nav:routes.platformBill')}
        extra={
          <Space>
            <Button icon={<UploadOutlined />} onClick={() => setDialog('import')}>
              {t('reconciliation:import.action')}
            </Button>
            <Button onClick={() => setDialog('pull')}>{t('reconciliation:pull.action')}</Button>
            <Button
              type="primary"
              disabled={!selected.length}
              loading={record.isPending}
              onClick={() => record.mutate(selected, { onSuccess: (a) => { toast.success(t('reconciliation:recorded', { count: a.recorded })); setSelected([]); } })}
            >
              {t('reconciliation:record', { count: selected.length })}
            </Button>
          </Space>
        }
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 200 }} placeholder={t('reconciliation:filters.anyStore')} value={state.storeId || undefined} onChange={(v?: number) => setState({ currentPage: 1, storeId: v ?? 0 })} options={storeOptions} />
        <Select allowClear style={{ width: 140 }} placeholder={t('reconciliation:fields.billStatus')} value={oneOf(BILL_STATUSES, state.billStatus)} onChange={(v?: string) => setState({ currentPage: 1, billStatus: v ?? '' })} options={BILL_STATUSES.map((v) => ({ value: v, label: t(`reconciliation:billStatuses.${v}`) }))} />
        <Select allowClear style={{ width: 130 }} placeholder={t('reconciliation:fields.billType')} value={oneOf(BILL_TYPES, state.billType)} onChange={(v?: string) => setState({ currentPage: 1, billType: v ?? '' })} options={BILL_TYPES.map((v) => ({ value: v, label: t(`reconciliation:billTypes.${v}`) }))} />
        <Select allowClear style={{ width: 140 }} placeholder={t('reconciliation:fields.eventType')} value={oneOf(EVENT_TYPES, state.eventType)} onChange={(v?: string) => setState({ currentPage: 1, eventType: v ?? '' })} options={EVENT_TYPES.map((v) => ({ value: v, label: t(`reconciliation:eventGroups.${v}`) }))} />
        <Select allowClear style={{ width: 170 }} placeholder={t('reconciliation:fields.source')} value={oneOf(BILL_SOURCES, state.source)} onChange={(v?: string) => setState({ currentPage: 1, source: v ?? '' })} options={BILL_SOURCES.map((v) => ({ value: v, label: t(`reconciliation:sources.${v}`) }))} />
        <Input.Search allowClear style={{ width: 220 }} placeholder={t('reconciliation:filters.orderNo')} defaultValue={state.orderNo} onSearch={(v) => setState({ currentPage: 1, orderNo: v.trim() })} />
      </Space>
      <Space size="large" style={{ marginBottom: 12 }}>
        <Statistic title={t('reconciliation:totals.income')} value={list.data ? formatMoney(list.data.incomeAmount) : '—'} />
        <Statistic title={t('reconciliation:totals.expense')} value={list.data ? formatMoney(list.data.expenseAmount) : '—'} />
        <Statistic title={t('reconciliation:totals.lines')} value={list.data?.total ?? '—'} />
      </Space>
      {list.isError && <Alert type="error" showIcon title={t('reconciliation:loadFailed')} style={{ marginBottom: 12 }} />}
      <Table
        rowKey="id"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.voList ?? []}
        scroll={{ x: 1500 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), getCheckboxProps: (r) => ({ disabled: r.billStatus === 'RECORDED' }) }}
        pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (p, size) => setState({ currentPage: size !== state.pageSize ? 1 : p, pageSize: size }))}
        locale={{ emptyText: <Empty description={t('reconciliation:billsEmpty')} /> }}
      />
      <ImportDialog open={dialog === 'import'} onClose={() => setDialog(null)} storeOptions={storeOptions} />
      <PullDialog open={dialog === 'pull'} onClose={() => setDialog(null)} storeOptions={storeOptions} />
    </>
  );
}

function ImportResult({ answer }: { answer: BillImportAnswer }) {
  const { t } = useTranslation();
  if (answer.status === 'QUEUED' || answer.status === 'RUNNING') {
    const total = Math.max(answer.lineCount, answer.processedLines, 1);
    const percent = answer.stage === 'RECONCILING' ? 99 : Math.min(98, Math.floor((answer.processedLines / total) * 100));
    return (
      <div role="status">
        <Typography.Paragraph>
          {answer.status === 'QUEUED' || !answer.stage ? t('reconciliation:import.queued') : t('reconciliation:import.progress', { stage: t(`reconciliation:import.stages.${answer.stage}`), done: answer.processedLines, total: answer.lineCount })}
        </Typography.Paragraph>
        <Progress percent={Math.max(2, percent)} status="active" />
      </div>
    );
  }
  if (answer.status === 'FAILED') return <Alert type="error" showIcon title={t('reconciliation:import.failed', { message: answer.message ?? '' })} />;
  if (answer.status === 'LOADED') {
    return <Alert type="success" showIcon title={t('reconciliation:import.loaded', { inserted: answer.inserted, duplicates: answer.duplicates, source: answer.source ? t(`reconciliation:sources.${answer.source}`) : '' })} />;
  }
  return (
    <Alert
      type="error"
      showIcon
      title={t('reconciliation:import.refused', { count: answer.problemCount })}
      description={
        <>
          <ul style={{ maxHeight: 200, overflow: 'auto', paddingInlineStart: 16 }}>
            {answer.problems.map((p, i) => (
              <li key={i}>{t('reconciliation:import.problem', { line: p.line, message: p.message })}</li>
            ))}
          </ul>
          {answer.resultFileKey && (
            <Button type="link" style={{ padding: 0 }} onClick={() => downloadFile(PlatformBillCalls.importResult.path, { importId: answer.importId }, 'bill-problems.csv').catch((e: unknown) => toast.error(e instanceof Error ? e.message : String(e)))}>
              {t('reconciliation:import.resultFile')}
            </Button>
          )}
        </>
      }
    />
  );
}

function ImportDialog({ open, onClose, storeOptions }: { open: boolean; onClose: () => void; storeOptions: { value: number; label: string }[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [storeId, setStoreId] = useState<number>();
  const [file, setFile] = useState<File | null>(null);
  const [loadMissingOrders, setLoadMissingOrders] = useState(false);
  const [taskId, setTaskId] = useState<number | null>(null);
  const start = useReconciliationMutation((input: { storeId: number; file: File; loadMissingOrders: boolean }) => platformBillApi.importBill(input.storeId, input.file, input.loadMissingOrders));
  const task = useBillImportTask(taskId);
  const answer = taskId === null ? null : (task.data ?? start.data ?? null);
  const finished = answer !== null && !['QUEUED', 'RUNNING'].includes(answer.status);
  // A loaded file changed the ledger and the reconciliations: refresh the lists once.
  useEffect(() => {
    if (answer?.status === 'LOADED') void client.invalidateQueries({ queryKey: [...reconciliationKeys.all, 'bills'] }).then(() => client.invalidateQueries({ queryKey: [...reconciliationKeys.all, 'list'] }));
  }, [answer?.status, client]);
  const close = () => {
    setTaskId(null);
    setFile(null);
    onClose();
  };
  const running = answer !== null && !finished;
  return (
    <Modal
      open={open}
      title={t('reconciliation:import.title')}
      okText={t('reconciliation:import.submit')}
      okButtonProps={{ disabled: !storeId || !file || running }}
      confirmLoading={start.isPending}
      onCancel={close}
      onOk={() => start.mutate({ storeId: storeId!, file: file!, loadMissingOrders }, { onSuccess: (a) => setTaskId(a.importId) })}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('reconciliation:import.formats')}</Typography.Paragraph>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select style={{ width: '100%' }} placeholder={t('reconciliation:import.store')} value={storeId} onChange={setStoreId} options={storeOptions} disabled={running} />
        <Upload accept=".csv,.zip" maxCount={1} disabled={running} beforeUpload={(f) => { setFile(f); setTaskId(null); return false; }} onRemove={() => setFile(null)} fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}>
          <Button icon={<UploadOutlined />}>{t('reconciliation:import.choose')}</Button>
        </Upload>
        <Checkbox checked={loadMissingOrders} disabled={running} onChange={(e) => setLoadMissingOrders(e.target.checked)}>
          {t('reconciliation:import.loadMissingOrders')}
        </Checkbox>
        {!loadMissingOrders && <Typography.Text type="secondary">{t('reconciliation:import.loadMissingOrdersHelp')}</Typography.Text>}
        {answer && <ImportResult answer={answer} />}
      </Space>
    </Modal>
  );
}

function PullDialog({ open, onClose, storeOptions }: { open: boolean; onClose: () => void; storeOptions: { value: number; label: string }[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ storeId: number; month: Dayjs }>();
  const [answer, setAnswer] = useState<BillImportAnswer | null>(null);
  const pull = useReconciliationMutation(platformBillApi.pull);
  const close = () => {
    setAnswer(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('reconciliation:pull.title')}
      okText={t('reconciliation:pull.submit')}
      confirmLoading={pull.isPending}
      onCancel={close}
      destroyOnHidden
      onOk={async () => {
        const { storeId, month } = await form.validateFields();
        const from = month.startOf('month');
        pull.mutate({ storeId, from: from.format('YYYY-MM-DD HH:mm:ss'), to: from.add(1, 'month').format('YYYY-MM-DD HH:mm:ss') }, { onSuccess: setAnswer });
      }}
    >
      <Typography.Paragraph type="secondary">{t('reconciliation:pull.explain')}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ month: dayjs() }}>
        <Form.Item name="storeId" label={t('reconciliation:fields.store')} rules={[{ required: true, message: t('reconciliation:pull.storeRequired') }]}>
          <Select options={storeOptions} />
        </Form.Item>
        <Form.Item name="month" label={t('reconciliation:fields.period')} rules={[{ required: true }]}>
          <DatePicker picker="month" />
        </Form.Item>
      </Form>
      {answer && <ImportResult answer={answer} />}
    </Modal>
  );
}
