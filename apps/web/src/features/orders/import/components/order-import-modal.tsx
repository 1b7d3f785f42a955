// The order import dialog (spec 02 §7.10 createFromXls): the template (standard or a saved column
// mapping), the default store, the file; then the server's check with each bad row, the counts of
// new and already imported orders, the load's progress and the result.
import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Form, Modal, Progress, Result, Select, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined, SettingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../../app/request';
import { toast } from '../../../../app/toast';
import { excelProblem } from '../../../../ui/file-rules';
import type { ImportTask } from '../../../../ui/import-modal';
import { downloadFile } from '../../../exports/api';
import { StoreSelect } from '../../../stores/components/store-select';
import { orderImportApi } from '../api';
import { useImportTemplates } from '../queries';
import { ImportTemplatesModal } from './import-templates-modal';

const POLL_MS = 600;

export function OrderImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const templates = useImportTemplates(open);
  const [templateId, setTemplateId] = useState<number | undefined>();
  const [storeId, setStoreId] = useState<number | undefined>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [task, setTask] = useState<ImportTask | null>(null);
  const [busy, setBusy] = useState(false);
  const [managing, setManaging] = useState(false);

  useEffect(() => {
    if (!open) {
      setFile(null);
      setFileError(null);
      setTask(null);
    }
  }, [open]);

  // Poll while the server checks or loads.
  useEffect(() => {
    if (!task || !['PARSING', 'LOADING'].includes(task.status)) return;
    const timer = setTimeout(async () => {
      try {
        const next = await orderImportApi.task(task.id);
        setTask(next);
        if (next.status === 'DONE') {
          toast.success(t('orderimport:dialog.done'));
          void client.invalidateQueries({ queryKey: ['orders'] });
        }
      } catch {
        setTask({ ...task });
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [task, t, client]);

  // A removed template is no longer offered.
  useEffect(() => {
    if (templateId && templates.data && !templates.data.voList.some((v) => v.id === templateId)) setTemplateId(undefined);
  }, [templates.data, templateId]);

  const fieldLabel = (field: string) => (field ? t(`orderimport:fields.${field}`, { defaultValue: field }) : '');

  const upload = async () => {
    if (!file) {
      setFileError(t('orderimport:dialog.chooseFile'));
      return;
    }
    setBusy(true);
    try {
      setTask(await orderImportApi.start(file, templateId, storeId));
    } catch (error) {
      setFileError(error instanceof ApiError ? errorMessage(error) : String(error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!task) return;
    setBusy(true);
    try {
      setTask(await orderImportApi.confirm(task.id));
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setTask(null);
    setFile(null);
    setFileError(null);
  };

  const downloadTemplate = async () => {
    try {
      await downloadFile(orderImportApi.templatePath, undefined, `${t('orderimport:dialog.templateFile')}.xlsx`, 'GET');
    } catch (error) {
      if (error instanceof ApiError) toast.error(errorMessage(error));
    }
  };

  const counts = (values: Record<string, number>, keys: string[]) => (
    <Descriptions size="small" column={keys.length} bordered>
      {keys.map((k) => (
        <Descriptions.Item key={k} label={t(`orderimport:counts.${k}`)}>
          <strong>{values[k] ?? 0}</strong>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );

  let body: React.ReactNode;
  let footer: React.ReactNode;
  if (!task) {
    body = (
      <>
        <Form layout="vertical">
          <Form.Item label={t('orderimport:dialog.template')} extra={t('orderimport:dialog.templateHint')}>
            <Space.Compact style={{ width: '100%' }}>
              <Select
                aria-label={t('orderimport:dialog.template')}
                value={templateId ?? 0}
                onChange={(v: number) => setTemplateId(v || undefined)}
                loading={templates.isFetching}
                style={{ flex: 1 }}
                options={[{ value: 0, label: t('orderimport:dialog.standard') }, ...(templates.data?.voList ?? []).map((v) => ({ value: v.id, label: v.name }))]}
              />
              <Button icon={<SettingOutlined />} onClick={() => setManaging(true)}>
                {t('orderimport:dialog.manage')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item label={t('orderimport:dialog.store')} extra={t('orderimport:dialog.storeHint')}>
            <StoreSelect aria-label={t('orderimport:dialog.store')} value={storeId} onChange={(v) => setStoreId(v as number | undefined)} allowClear style={{ width: '100%' }} />
          </Form.Item>
        </Form>
        <Space style={{ marginBottom: 12 }}>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()}>
            {t('orderimport:dialog.download')}
          </Button>
          <Typography.Text type="secondary">{t('orderimport:dialog.groupHint')}</Typography.Text>
        </Space>
        <Upload.Dragger
          accept=".xlsx,.xls"
          multiple={false}
          maxCount={1}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          beforeUpload={(chosen) => {
            const problem = excelProblem(chosen);
            setFileError(problem);
            setFile(problem ? null : chosen);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('common:imports.drop')}</p>
          <p className="ant-upload-hint">{t('common:files.excelTip')}</p>
        </Upload.Dragger>
        {fileError && <Alert type="error" showIcon message={fileError} style={{ marginTop: 12 }} role="alert" />}
      </>
    );
    footer = [
      <Button key="c" onClick={onClose}>
        {t('common:actions.cancel')}
      </Button>,
      <Button key="u" type="primary" loading={busy} onClick={() => void upload()}>
        {t('orderimport:dialog.check')}
      </Button>,
    ];
  } else if (task.status === 'PARSING' || task.status === 'LOADING') {
    const percent = task.status === 'PARSING' ? Math.max(5, task.percentage) : Math.max(5, task.percentage);
    body = (
      <div style={{ padding: '24px 0' }}>
        <Typography.Paragraph>
          {task.status === 'PARSING' ? t('orderimport:dialog.checking', { file: task.fileName }) : t('orderimport:dialog.loading', { done: task.processedRows, total: task.totalRows })}
        </Typography.Paragraph>
        <Progress percent={percent} status="active" />
      </div>
    );
    footer = null;
  } else if (task.status === 'INVALID') {
    body = (
      <>
        <Alert
          type="error"
          showIcon
          message={t('orderimport:dialog.invalid', { count: task.errorCount, total: task.totalRows })}
          description={t('orderimport:dialog.nothingLoaded')}
          style={{ marginBottom: 12 }}
        />
        <Table
          size="small"
          rowKey={(r) => `${r.row}:${r.field}:${r.message}`}
          dataSource={task.errors}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          columns={[
            { title: t('orderimport:dialog.row'), dataIndex: 'row', width: 80 },
            { title: t('orderimport:dialog.column'), dataIndex: 'field', width: 160, render: (f: string) => fieldLabel(f) },
            { title: t('orderimport:dialog.problem'), dataIndex: 'message' },
          ]}
        />
      </>
    );
    footer = [
      <Button key="r" type="primary" onClick={restart}>
        {t('orderimport:dialog.another')}
      </Button>,
    ];
  } else if (task.status === 'PARSED') {
    body = (
      <>
        <Alert type="success" showIcon message={t('orderimport:dialog.checked', { total: task.totalRows })} style={{ marginBottom: 12 }} />
        {counts(task.summary, ['orders', 'new', 'existing'])}
        {(task.summary.existing ?? 0) > 0 && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t('orderimport:dialog.existingHint')}
          </Typography.Paragraph>
        )}
      </>
    );
    footer = [
      <Button key="r" onClick={restart}>
        {t('orderimport:dialog.another')}
      </Button>,
      <Button key="l" type="primary" loading={busy} onClick={() => void confirm()}>
        {t('orderimport:dialog.load', { count: task.summary.orders ?? 0 })}
      </Button>,
    ];
  } else if (task.status === 'DONE') {
    body = <Result status="success" title={t('orderimport:dialog.done')} extra={counts(task.result ?? {}, ['orders', 'created', 'existing', 'updated'])} />;
    footer = [
      <Button key="d" type="primary" onClick={onClose}>
        {t('common:actions.ok')}
      </Button>,
    ];
  } else {
    body = <Result status="error" title={t('orderimport:dialog.failed')} subTitle={task.message} extra={<Typography.Text type="secondary">{t('orderimport:dialog.nothingLoaded')}</Typography.Text>} />;
    footer = [
      <Button key="r" type="primary" onClick={restart}>
        {t('orderimport:dialog.another')}
      </Button>,
    ];
  }

  return (
    <>
      <Modal open={open} title={t('orderimport:dialog.title')} onCancel={onClose} footer={footer} width={760} maskClosable={false} destroyOnHidden>
        {body}
      </Modal>
      <ImportTemplatesModal open={managing} onClose={() => setManaging(false)} />
    </>
  );
}
