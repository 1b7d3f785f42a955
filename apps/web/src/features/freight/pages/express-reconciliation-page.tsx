// Express reconciliation (/config/expressReconciliation): the column template of each carrier's
// bill (headers, units, tolerances), the courier bill import read by it, and the month's totals
// per courier with the over-charge to claim back. The lines are on freightExpressReconciliation.
import { useState } from 'react';
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space, Switch, Table, Typography } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EXPRESS_BILL_IMPORT_KIND, expressCompanyName, formatMoney, type ExpressBillSummaryRow, type ExpressReconciliationInput, type ExpressReconciliationRow, type Language } from '@openseller/core';
import { toast } from '../../../app/toast';
import { ImportModal } from '../../../ui/import-modal';
import { PageTitle } from '../../../ui/page-title';
import { ExpressCompanySelect } from '../../express/components/express-company-select';
import { freightApi } from '../api';
import { useBillSummary, useBillTemplates, useFreightMutation, yuanOfFen } from '../queries';

export const BILL_LINES_PATH = '/config/expressReconciliation/freightExpressReconciliation';

function BillTemplateModal({ row, open, onClose }: { row: ExpressReconciliationRow | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ExpressReconciliationInput>();
  const save = useFreightMutation((v: ExpressReconciliationInput) => (row ? freightApi.updateBillTemplate({ ...v, id: row.id, version: row.version }) : freightApi.createBillTemplate(v)));
  const initial = row ?? { weightUnit: 'KG', feeUnit: 'YUAN', weightTolerance: 100, feeTolerance: 50 };
  return (
    <Modal open={open} destroyOnHidden title={t(row ? 'freight:bills.editTemplate' : 'freight:bills.createTemplate')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} okText={t('freight:form.save')}>
      <Form<ExpressReconciliationInput>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => save.mutate({ ...v, timeColumn: v.timeColumn || null }, { onSuccess: () => { toast.success(t('freight:form.saved', { name: v.name })); onClose(); } })}
      >
        <Form.Item name="name" label={t('freight:fields.name')} rules={[{ required: true, whitespace: true, message: t('freight:form.nameRequired') }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="expressCompanyCode" label={t('freight:fields.carrier')} rules={[{ required: true, message: t('freight:form.carrierRequired') }]}>
          <ExpressCompanySelect aria-label={t('freight:fields.carrier')} valueField="code" style={{ width: '100%' }} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('freight:bills.columnsHint')}</Typography.Paragraph>
        {(['waybillNoColumn', 'weightColumn', 'feeColumn', 'timeColumn'] as const).map((k) => (
          <Form.Item key={k} name={k} label={t(`freight:bills.${k}`)} rules={k === 'timeColumn' ? [] : [{ required: true, whitespace: true, message: t('freight:bills.columnRequired') }]}>
            <Input maxLength={40} />
          </Form.Item>
        ))}
        <Space size="large" wrap>
          <Form.Item name="weightUnit" label={t('freight:bills.weightUnit')}>
            <Radio.Group options={[{ value: 'KG', label: 'kg' }, { value: 'G', label: 'g' }]} />
          </Form.Item>
          <Form.Item name="feeUnit" label={t('freight:bills.feeUnit')}>
            <Radio.Group options={[{ value: 'YUAN', label: t('freight:bills.yuan') }, { value: 'FEN', label: t('freight:bills.fen') }]} />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item name="weightTolerance" label={t('freight:bills.weightTolerance')} rules={[{ required: true }]}>
            <InputNumber min={0} max={100000} precision={0} addonAfter="g" />
          </Form.Item>
          <Form.Item name="feeTolerance" label={t('freight:bills.feeTolerance')} rules={[{ required: true }]}>
            <InputNumber min={0} max={1000000} precision={0} addonAfter={t('freight:bills.fen')} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

export default function ExpressReconciliationPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const templates = useBillTemplates();
  const summary = useBillSummary();
  const [editing, setEditing] = useState<ExpressReconciliationRow | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [billTemplateId, setBillTemplateId] = useState<number | undefined>();
  const enable = useFreightMutation((row: ExpressReconciliationRow) => freightApi.enableBillTemplate({ id: row.id, version: row.version, enabled: !row.enabled }));
  const remove = useFreightMutation((id: number) => freightApi.deleteBillTemplates([id]));
  const carrier = (code: string) => expressCompanyName(code, i18n.language as Language);
  const enabled = (templates.data?.voList ?? []).filter((r) => r.enabled);

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card>
        <PageTitle
          title={t('freight:bills.title')}
          extra={
            <Space>
              <Button icon={<UploadOutlined />} disabled={!enabled.length} onClick={() => { setBillTemplateId(enabled[0]?.id); setImporting(true); }}>
                {t('freight:bills.import')}
              </Button>
              <Button onClick={() => navigate(BILL_LINES_PATH)}>{t('freight:bills.viewLines')}</Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
                {t('freight:bills.createTemplate')}
              </Button>
            </Space>
          }
        />
        <Typography.Paragraph type="secondary">{t('freight:bills.hint')}</Typography.Paragraph>
        <Table<ExpressReconciliationRow>
          rowKey="id"
          loading={templates.isFetching}
          dataSource={templates.data?.voList ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('freight:bills.empty')} /> }}
          columns={[
            { title: t('freight:fields.name'), dataIndex: 'name' },
            { title: t('freight:fields.carrier'), dataIndex: 'expressCompanyCode', render: carrier },
            { title: t('freight:bills.columns'), key: 'columns', render: (_, r) => [r.waybillNoColumn, r.weightColumn, r.feeColumn, r.timeColumn].filter(Boolean).join(' / ') },
            { title: t('freight:bills.tolerances'), key: 'tol', render: (_, r) => `${r.weightTolerance} g / ${formatMoney(yuanOfFen(r.feeTolerance))}` },
            { title: t('freight:fields.enabled'), dataIndex: 'enabled', render: (_: boolean, r) => <Switch aria-label={t('freight:fields.enabled')} checked={r.enabled} onChange={() => enable.mutate(r)} /> },
            {
              title: t('freight:actions'),
              key: 'actions',
              render: (_, r) => (
                <Space>
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    {t('freight:edit')}
                  </Button>
                  <Popconfirm title={t('freight:bills.deleteConfirm', { name: r.name })} onConfirm={() => remove.mutate(r.id, { onSuccess: () => toast.success(t('freight:deleted')) })}>
                    <Button type="link" size="small" danger>
                      {t('freight:delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('freight:bills.summaryTitle')}>
        <Table<ExpressBillSummaryRow>
          rowKey={(r) => `${r.month}:${r.expressCompanyCode}`}
          loading={summary.isFetching}
          dataSource={summary.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('freight:bills.summaryEmpty')} /> }}
          columns={[
            { title: t('freight:bills.month'), dataIndex: 'month' },
            { title: t('freight:fields.carrier'), dataIndex: 'expressCompanyCode', render: carrier },
            { title: t('freight:bills.lines'), dataIndex: 'lines' },
            { title: t('freight:bills.unmatched'), dataIndex: 'unmatched' },
            { title: t('freight:bills.failures'), dataIndex: 'failures', render: (n: number, r) => (n ? <Button type="link" size="small" onClick={() => navigate(`${BILL_LINES_PATH}?status=FAILURE&month=${r.month}&expressCompanyCode=${r.expressCompanyCode}`)}>{n}</Button> : 0) },
            { title: t('freight:bills.billedTotal'), dataIndex: 'billedTotal', render: (v: number) => formatMoney(yuanOfFen(v)) },
            { title: t('freight:bills.overChargeTotal'), dataIndex: 'overChargeTotal', render: (v: number) => <Typography.Text type={v > 0 ? 'danger' : undefined}>{formatMoney(yuanOfFen(v))}</Typography.Text> },
          ]}
        />
      </Card>
      {editing !== undefined && <BillTemplateModal row={editing} open onClose={() => setEditing(undefined)} />}
      <ImportModal
        open={importing}
        kind={EXPRESS_BILL_IMPORT_KIND}
        title={t('freight:bills.import')}
        onClose={() => setImporting(false)}
        onDone={() => {
          void summary.refetch();
        }}
        extraFields={
          <Form layout="vertical">
            <Form.Item label={t('freight:bills.chooseTemplate')} extra={t('freight:bills.chooseTemplateHint')}>
              <Select aria-label={t('freight:bills.chooseTemplate')} value={billTemplateId} onChange={setBillTemplateId} options={enabled.map((r) => ({ value: r.id, label: `${r.name} (${carrier(r.expressCompanyCode)})` }))} />
            </Form.Item>
          </Form>
        }
        upload={(file) => freightApi.importBill(file, billTemplateId!)}
        fieldLabels={(field) => (field ? t(`freight:bills.importFields.${field}`, { defaultValue: field }) : '')}
        renderResult={(r) => t('freight:bills.importResult', { imported: r.imported ?? 0, existing: r.existing ?? 0, matched: r.matched ?? 0, unmatched: r.unmatched ?? 0, failures: r.failures ?? 0 })}
        renderSummary={(s) => t('freight:bills.importSummary', { new: s.new ?? 0, existing: s.existing ?? 0 })}
      />
    </Space>
  );
}
