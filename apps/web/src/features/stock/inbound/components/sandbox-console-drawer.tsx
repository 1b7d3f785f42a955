// The sandbox warehouse system's console: a pretend WMS served by this app. It shows what the
// sandbox was sent (its documents and their states), the results it reports and every call it
// received; it receives an inbound notice or ships an outbound order, fully or in part; confirms a
// cancel it was asked for; and misbehaves on request (latency, failure rate, rejected SKUs, the
// next calls failing). "Fetch results" books what it reported into the notices here.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Drawer, Empty, Form, InputNumber, Modal, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatDateTime,
  SANDBOX_WMS_CANCEL_MODES,
  SANDBOX_WMS_CONSOLE_MENU,
  SANDBOX_WMS_FAILURE_KINDS,
  SANDBOX_WMS_OPERATIONS,
  type SandboxWmsDocumentRow,
  type SandboxWmsFailureKind,
  type SandboxWmsOperation,
  type SandboxWmsView,
} from '@openseller/core';
import { useSession } from '../../../../app/session';
import { toast } from '../../../../app/toast';
import { sandboxWmsApi } from '../api';
import { inboundErrorMessage, useInboundMutation, useSandboxView, useSandboxWarehouses } from '../queries';

const time = (v: string) => formatDateTime(v);
const STATUS_COLORS: Record<string, string> = { SENTED: 'blue', IN_PROCESS: 'processing', FULFILLED: 'success', CANCELING: 'warning', CANCEL: 'default', CLOSED: 'default' };

export function SandboxConsoleDrawer({ open, warehouseId, onClose }: { open: boolean; warehouseId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const warehouses = useSandboxWarehouses();
  const [chosen, setChosen] = useState<number | null>(warehouseId);
  useEffect(() => {
    if (open) setChosen(warehouseId ?? null);
  }, [open, warehouseId]);
  const current = chosen ?? (open ? (warehouses.data?.[0]?.id ?? null) : null);
  const view = useSandboxView(open ? current : null);
  const fetchResults = useInboundMutation(sandboxWmsApi.fetchResults);

  return (
    <Drawer
      open={open}
      width={1080}
      onClose={onClose}
      title={t('inbound:sandbox.title')}
      extra={
        <Space>
          <Select
            aria-label={t('inbound:sandbox.warehouse')}
            style={{ width: 260 }}
            placeholder={t('inbound:sandbox.warehouse')}
            value={current ?? undefined}
            onChange={setChosen}
            options={(warehouses.data ?? []).map((w) => ({ value: w.id, label: `${w.name} (${w.code})` }))}
          />
          <Button
            type="primary"
            disabled={!current}
            loading={fetchResults.isPending}
            onClick={() => fetchResults.mutate(current!, { onSuccess: (s) => toast.success(t('inbound:done.fetched', { fetched: s.fetched, booked: s.booked, refused: s.refused })) })}
          >
            {t('inbound:sandbox.fetchResults')}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('inbound:sandbox.intro')} />
      {!warehouses.isFetching && !(warehouses.data ?? []).length && <Empty description={t('inbound:sandbox.noWarehouses')} />}
      {view.error && <Alert type="error" showIcon message={inboundErrorMessage(view.error)} />}
      {view.data && <SandboxBody view={view.data} />}
    </Drawer>
  );
}

function SandboxBody({ view }: { view: SandboxWmsView }) {
  const { t } = useTranslation();
  // Driving the sandbox configures a warehouse; stock staff only watch it.
  const canDrive = useSession().menus.has(SANDBOX_WMS_CONSOLE_MENU);
  const [partly, setPartly] = useState<SandboxWmsDocumentRow | null>(null);
  const fulfil = useInboundMutation(sandboxWmsApi.fulfil);
  const confirmCancel = useInboundMutation((documentId: number) => sandboxWmsApi.confirmCancel(view.warehouseId, documentId));
  const verb = (d: SandboxWmsDocumentRow) => (d.kind === 'WDO' ? 'ship' : 'receive');

  return (
    <>
      {!canDrive && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('inbound:sandbox.readOnly')} />}
      <Tabs
        items={[
          {
            key: 'documents',
            label: t('inbound:sandbox.documents', { count: view.documents.length }),
            children: (
              <Table<SandboxWmsDocumentRow>
                rowKey="id"
                size="small"
                dataSource={view.documents}
                pagination={{ pageSize: 10 }}
                locale={{ emptyText: <Empty description={t('inbound:sandbox.noDocuments')} /> }}
                columns={[
                  { title: t('inbound:sandbox.kind'), dataIndex: 'kind', key: 'kind', width: 60 },
                  {
                    title: t('inbound:sandbox.docCode'),
                    key: 'code',
                    width: 200,
                    render: (_, d) => (
                      <Space direction="vertical" size={0}>
                        <span>{d.docCode}</span>
                        <Typography.Text type="secondary">{d.externalCode}</Typography.Text>
                      </Space>
                    ),
                  },
                  { title: t('inbound:sandbox.docType'), dataIndex: 'docType', key: 'docType', width: 120 },
                  { title: t('inbound:sandbox.status'), key: 'status', width: 110, render: (_, d) => <Tag color={STATUS_COLORS[d.status] ?? 'default'}>{t(`inbound:wmsStatuses.${d.status}`)}</Tag> },
                  {
                    title: t('inbound:sandbox.lines'),
                    key: 'lines',
                    render: (_, d) => (
                      <Space size={[4, 4]} wrap>
                        {d.lines.map((l) => (
                          <Tag key={l.lineId}>
                            {l.skuCode} {l.doneQty}/{l.qty}
                          </Tag>
                        ))}
                      </Space>
                    ),
                  },
                  { title: t('inbound:sandbox.updatedAt'), key: 'at', width: 140, render: (_, d) => time(d.updatedAt) },
                  {
                    title: t('common:actions.title'),
                    key: 'actions',
                    width: 200,
                    hidden: !canDrive,
                    render: (_, d) => (
                      <Space size={0} wrap>
                        {(d.status === 'SENTED' || d.status === 'IN_PROCESS') && (
                          <>
                            <Button
                              type="link"
                              size="small"
                              loading={fulfil.isPending}
                              onClick={() =>
                                fulfil.mutate(
                                  { warehouseId: view.warehouseId, documentId: d.id },
                                  { onSuccess: (r) => toast.success(t(`inbound:sandbox.${verb(d)}Done`, { resultId: r.resultId, status: t(`inbound:wmsStatuses.${r.status}`) })) },
                                )
                              }
                            >
                              {t(`inbound:sandbox.${verb(d)}All`)}
                            </Button>
                            <Button type="link" size="small" onClick={() => setPartly(d)}>
                              {t(`inbound:sandbox.${verb(d)}Part`)}
                            </Button>
                          </>
                        )}
                        {d.status === 'CANCELING' && (
                          <Button type="link" size="small" loading={confirmCancel.isPending} onClick={() => confirmCancel.mutate(d.id, { onSuccess: () => toast.success(t('inbound:sandbox.cancelConfirmed')) })}>
                            {t('inbound:sandbox.confirmCancel')}
                          </Button>
                        )}
                      </Space>
                    ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'behaviour',
            label: t('inbound:sandbox.behaviour'),
            children: <Behaviour view={view} canDrive={canDrive} />,
          },
          {
            key: 'results',
            label: t('inbound:sandbox.results', { count: view.results.filter((r) => !r.acknowledged).length }),
            children: (
              <Table<SandboxWmsView['results'][number]>
                rowKey="resultId"
                size="small"
                dataSource={view.results}
                pagination={{ pageSize: 10 }}
                columns={[
                  { title: t('inbound:sandbox.resultId'), dataIndex: 'resultId', key: 'resultId' },
                  { title: t('inbound:sandbox.resultType'), dataIndex: 'type', key: 'type', render: (v: string) => t(`inbound:sandbox.resultTypes.${v}`, { defaultValue: v }) },
                  { title: t('inbound:sandbox.docCode'), dataIndex: 'docCode', key: 'docCode' },
                  { title: t('inbound:sandbox.qty'), dataIndex: 'qty', key: 'qty', align: 'right' },
                  {
                    title: t('inbound:sandbox.acknowledged'),
                    key: 'ack',
                    render: (_, r) => (r.acknowledged ? <Tag color="success">{t('inbound:sandbox.ackYes')}</Tag> : <Tag color="warning">{t('inbound:sandbox.ackNo')}</Tag>),
                  },
                  { title: t('inbound:sandbox.time'), key: 'at', render: (_, r) => time(r.createdAt) },
                ]}
              />
            ),
          },
          {
            key: 'calls',
            label: t('inbound:sandbox.calls', { count: view.callCount }),
            children: (
              <Table<SandboxWmsView['calls'][number]>
                rowKey="id"
                size="small"
                dataSource={view.calls}
                pagination={{ pageSize: 10 }}
                columns={[
                  { title: t('inbound:sandbox.time'), key: 'at', width: 150, render: (_, c) => time(c.createdAt) },
                  { title: t('inbound:sandbox.operation'), dataIndex: 'operation', key: 'operation', width: 110, render: (v: string) => t(`inbound:sandbox.operations.${v}`, { defaultValue: v }) },
                  { title: t('inbound:sandbox.outcome'), dataIndex: 'outcome', key: 'outcome', width: 170, render: (v: string) => <Tag color={v === 'OK' ? 'success' : 'error'}>{v}</Tag> },
                  { title: t('inbound:sandbox.docCode'), dataIndex: 'docCode', key: 'docCode', width: 170, render: (v: string | null) => v ?? '' },
                  { title: t('inbound:sandbox.message'), dataIndex: 'message', key: 'message', render: (v: string | null) => v ?? '' },
                ]}
              />
            ),
          },
        ]}
      />
      <PartlyModal warehouseId={view.warehouseId} document={partly} onClose={() => setPartly(null)} />
    </>
  );
}

/** Receive or ship part of a document: pieces per line, at most what each has left. */
function PartlyModal({ warehouseId, document, onClose }: { warehouseId: number; document: SandboxWmsDocumentRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [qty, setQty] = useState<Record<number, number | null>>({});
  const fulfil = useInboundMutation(sandboxWmsApi.fulfil, { toastErrors: false });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setQty({});
    setProblem(null);
  }, [document]);
  if (!document) return null;
  const verb = document.kind === 'WDO' ? 'ship' : 'receive';
  const submit = () => {
    const lines = document.lines.map((l) => ({ lineId: l.lineId, qty: qty[l.lineId] ?? 0 })).filter((l) => l.qty > 0);
    if (!lines.length) return setProblem(t('inbound:sandbox.nothingGiven'));
    fulfil.mutate(
      { warehouseId, documentId: document.id, lines },
      {
        onSuccess: (r) => {
          toast.success(t(`inbound:sandbox.${verb}Done`, { resultId: r.resultId, status: t(`inbound:wmsStatuses.${r.status}`) }));
          onClose();
        },
        onError: (error) => setProblem(inboundErrorMessage(error)),
      },
    );
  };
  return (
    <Modal open title={t(`inbound:sandbox.${verb}PartTitle`, { code: document.docCode })} okText={t(`inbound:sandbox.${verb}Part`)} cancelText={t('common:actions.cancel')} onOk={submit} confirmLoading={fulfil.isPending} onCancel={onClose}>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
      <Table
        rowKey="lineId"
        size="small"
        pagination={false}
        dataSource={document.lines}
        columns={[
          { title: t('inbound:fields.skuCode'), dataIndex: 'skuCode', key: 'sku' },
          { title: t('inbound:sandbox.done'), key: 'done', align: 'right', render: (_, l: SandboxWmsDocumentRow['lines'][number]) => `${l.doneQty}/${l.qty}` },
          {
            title: t(`inbound:sandbox.${verb}Now`),
            key: 'qty',
            render: (_, l: SandboxWmsDocumentRow['lines'][number]) => (
              <InputNumber
                aria-label={t('inbound:receipt.qtyFor', { sku: l.skuCode })}
                min={0}
                max={l.qty - l.doneQty}
                precision={0}
                disabled={l.doneQty >= l.qty}
                value={qty[l.lineId] ?? null}
                onChange={(v) => setQty((all) => ({ ...all, [l.lineId]: v }))}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}

interface BehaviourValues {
  failureRate: number;
  latencyMs: number;
  cancelMode: (typeof SANDBOX_WMS_CANCEL_MODES)[number];
  rejectSkuCodes: string[];
}

/** How the sandbox behaves: latency, random failures, cancel mode, refused SKUs, the next calls failing. */
function Behaviour({ view, canDrive }: { view: SandboxWmsView; canDrive: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BehaviourValues>();
  const [kind, setKind] = useState<SandboxWmsFailureKind>('TIMEOUT');
  const [operation, setOperation] = useState<SandboxWmsOperation | ''>('issue');
  const save = useInboundMutation(sandboxWmsApi.settings);
  const failNext = useInboundMutation((failures: SandboxWmsView['forcedFailures']) => sandboxWmsApi.failNext(view.warehouseId, failures));
  useEffect(() => {
    form.setFieldsValue({ failureRate: view.failureRate, latencyMs: view.latencyMs, cancelMode: view.cancelMode, rejectSkuCodes: view.rejectSkuCodes });
  }, [view.version, view.warehouseId, form, view.failureRate, view.latencyMs, view.cancelMode, view.rejectSkuCodes]);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" column={3}>
        <Descriptions.Item label={t('inbound:sandbox.warehouse')}>{view.warehouseName}</Descriptions.Item>
        <Descriptions.Item label={t('inbound:sandbox.externalCode')}>{view.externalCode}</Descriptions.Item>
        <Descriptions.Item label={t('inbound:sandbox.callCount')}>{view.callCount}</Descriptions.Item>
      </Descriptions>
      <Card size="small" title={t('inbound:sandbox.settings')}>
        <Form
          form={form}
          layout="inline"
          disabled={!canDrive}
          style={{ rowGap: 8 }}
          onFinish={(values) =>
            save.mutate(
              { warehouseId: view.warehouseId, version: view.version, failureRate: values.failureRate ?? 0, latencyMs: values.latencyMs ?? 0, cancelMode: values.cancelMode, rejectSkuCodes: values.rejectSkuCodes ?? [] },
              { onSuccess: () => toast.success(t('inbound:sandbox.saved')) },
            )
          }
        >
          <Form.Item name="failureRate" label={t('inbound:sandbox.failureRate')} tooltip={t('inbound:sandbox.failureRateTip')}>
            <InputNumber min={0} max={1} step={0.05} precision={2} />
          </Form.Item>
          <Form.Item name="latencyMs" label={t('inbound:sandbox.latency')}>
            <InputNumber min={0} max={60000} step={100} addonAfter="ms" />
          </Form.Item>
          <Form.Item name="cancelMode" label={t('inbound:sandbox.cancelMode')}>
            <Select style={{ width: 220 }} options={SANDBOX_WMS_CANCEL_MODES.map((m) => ({ value: m, label: t(`inbound:sandbox.cancelModes.${m}`) }))} />
          </Form.Item>
          <Form.Item name="rejectSkuCodes" label={t('inbound:sandbox.rejectSkus')}>
            <Select mode="tags" style={{ width: 260 }} placeholder={t('inbound:sandbox.rejectSkusPlaceholder')} tokenSeparators={[',', '，']} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common:actions.save')}
          </Button>
        </Form>
      </Card>
      <Card size="small" title={t('inbound:sandbox.nextFailures')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            {view.forcedFailures.length === 0 && <Typography.Text type="secondary">{t('inbound:sandbox.noFailures')}</Typography.Text>}
            {view.forcedFailures.map((f, i) => (
              <Tag key={i} color="error">
                {i + 1}. {t(`inbound:sandbox.failureKinds.${f.kind}`)} · {f.operation ? t(`inbound:sandbox.operations.${f.operation}`) : t('inbound:sandbox.anyCall')}
              </Tag>
            ))}
          </Space>
          {canDrive && (
            <Space wrap>
              <Select<SandboxWmsFailureKind> aria-label={t('inbound:sandbox.failureKind')} style={{ width: 220 }} value={kind} onChange={setKind} options={SANDBOX_WMS_FAILURE_KINDS.map((k) => ({ value: k, label: t(`inbound:sandbox.failureKinds.${k}`) }))} />
              <Select<SandboxWmsOperation | ''>
                aria-label={t('inbound:sandbox.operation')}
                style={{ width: 170 }}
                value={operation}
                onChange={setOperation}
                options={[{ value: '', label: t('inbound:sandbox.anyCall') }, ...SANDBOX_WMS_OPERATIONS.map((o) => ({ value: o, label: t(`inbound:sandbox.operations.${o}`) }))]}
              />
              <Button loading={failNext.isPending} onClick={() => failNext.mutate([...view.forcedFailures, { kind, operation: operation || null }])}>
                {t('inbound:sandbox.addFailure')}
              </Button>
              <Button disabled={!view.forcedFailures.length} onClick={() => failNext.mutate([])}>
                {t('inbound:sandbox.clearFailures')}
              </Button>
            </Space>
          )}
        </Space>
      </Card>
    </Space>
  );
}
