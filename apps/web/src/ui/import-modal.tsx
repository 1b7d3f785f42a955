// The import dialog every area uses: the template, the file, the check with each bad row listed,
// the counts before loading, and progress while all rows load in one transaction.
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Modal, Progress, Result, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage, request } from '../app/request';
import { toast } from '../app/toast';
import { downloadFile } from '../features/exports/api';
import { excelProblem } from './file-rules';

export interface ImportTask {
  id: number;
  kind: string;
  status: 'PARSING' | 'INVALID' | 'PARSED' | 'LOADING' | 'DONE' | 'FAILED';
  fileName: string;
  totalRows: number;
  processedRows: number;
  percentage: number;
  errorCount: number;
  errors: { row: number; field: string; message: string }[];
  summary: Record<string, number>;
  result: Record<string, number> | null;
  message: string | null;
}

export interface ImportModalProps {
  open: boolean;
  kind: string;
  title: string;
  onClose: () => void;
  /** Called after a successful load (refresh the list). */
  onDone?: (task: ImportTask) => void;
  /** Offer "overwrite existing records" (isCover). */
  coverOption?: boolean;
  /** Names of the summary counts, by key (e.g. new, existing). */
  summaryLabels?: Record<string, string>;
  /** Names of the columns of errors, by field key. */
  fieldLabels?: Record<string, string>;
}

const POLL_MS = 600;

export function ImportModal(props: ImportModalProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [task, setTask] = useState<ImportTask | null>(null);
  const [busy, setBusy] = useState(false);
  const [cover, setCover] = useState(false);

  useEffect(() => {
    if (!props.open) {
      setFile(null);
      setFileError(null);
      setTask(null);
      setCover(false);
    }
  }, [props.open]);

  // Poll while the server checks or loads.
  useEffect(() => {
    if (!task || !['PARSING', 'LOADING'].includes(task.status)) return;
    const timer = setTimeout(async () => {
      try {
        const next = await request<ImportTask>('/cloud/core/import/get', { id: task.id }, { quiet: true });
        setTask(next);
        if (next.status === 'DONE') {
          toast.success(t('common:imports.done'));
          props.onDone?.(next);
        }
      } catch {
        setTask({ ...task });
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [task, props, t]);

  const upload = async () => {
    if (!file) {
      props.onClose();
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.append('kind', props.kind);
      form.append('uploadExcel', file, file.name);
      setTask(await request<ImportTask>('/cloud/core/import/upload', form, { quiet: true }));
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
      setTask(await request<ImportTask>('/cloud/core/import/confirm', { id: task.id, options: props.coverOption ? { isCover: cover } : {} }));
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setTask(null);
    setFile(null);
    setFileError(null);
  };

  const template = async () => {
    try {
      await downloadFile(`/cloud/core/import/template?kind=${encodeURIComponent(props.kind)}`, undefined, `${props.title}.xlsx`, 'GET');
    } catch (error) {
      if (error instanceof ApiError) toast.error(errorMessage(error));
    }
  };

  let body: React.ReactNode;
  let footer: React.ReactNode;
  if (!task) {
    body = (
      <>
        <Space style={{ marginBottom: 12 }}>
          <Button icon={<DownloadOutlined />} onClick={() => void template()}>
            {t('common:imports.template')}
          </Button>
          <Typography.Text type="secondary">{t('common:imports.templateHint')}</Typography.Text>
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
      <Button key="c" onClick={props.onClose}>
        {t('common:actions.cancel')}
      </Button>,
      <Button key="u" type="primary" loading={busy} onClick={() => void upload()}>
        {t('common:imports.start')}
      </Button>,
    ];
  } else if (task.status === 'PARSING' || task.status === 'LOADING') {
    const percent = task.status === 'PARSING' ? Math.max(5, task.percentage) : task.percentage;
    body = (
      <div style={{ padding: '24px 0' }}>
        <Typography.Paragraph>{task.status === 'PARSING' ? t('common:imports.checking', { file: task.fileName }) : t('common:imports.loading', { done: task.processedRows, total: task.totalRows })}</Typography.Paragraph>
        <Progress percent={percent} status="active" />
      </div>
    );
    footer = null;
  } else if (task.status === 'INVALID') {
    body = (
      <>
        <Alert type="error" showIcon message={t('common:imports.invalid', { count: task.errorCount, total: task.totalRows })} description={t('common:imports.nothingChanged')} style={{ marginBottom: 12 }} />
        <Table
          size="small"
          rowKey={(r) => `${r.row}:${r.field}:${r.message}`}
          dataSource={task.errors}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          columns={[
            { title: t('common:imports.row'), dataIndex: 'row', width: 80 },
            { title: t('common:imports.column'), dataIndex: 'field', width: 160, render: (f: string) => props.fieldLabels?.[f] ?? f },
            { title: t('common:imports.problem'), dataIndex: 'message' },
          ]}
        />
      </>
    );
    footer = [
      <Button key="r" type="primary" onClick={restart}>
        {t('common:imports.another')}
      </Button>,
    ];
  } else if (task.status === 'PARSED') {
    body = (
      <>
        <Alert type="success" showIcon message={t('common:imports.checked', { total: task.totalRows })} style={{ marginBottom: 12 }} />
        {Object.entries(task.summary).map(([key, value]) => (
          <Typography.Paragraph key={key}>
            {props.summaryLabels?.[key] ?? key}: <strong>{value}</strong>
          </Typography.Paragraph>
        ))}
        {props.coverOption && (
          <Checkbox checked={cover} onChange={(e) => setCover(e.target.checked)}>
            {t('common:imports.cover')}
          </Checkbox>
        )}
      </>
    );
    footer = [
      <Button key="r" onClick={restart}>
        {t('common:imports.another')}
      </Button>,
      <Button key="l" type="primary" loading={busy} onClick={() => void confirm()}>
        {t('common:imports.load', { total: task.totalRows })}
      </Button>,
    ];
  } else if (task.status === 'DONE') {
    body = (
      <Result
        status="success"
        title={t('common:imports.done')}
        subTitle={Object.entries(task.result ?? {})
          .map(([k, v]) => `${props.summaryLabels?.[k] ?? k}: ${v}`)
          .join(' · ')}
      />
    );
    footer = [
      <Button key="d" type="primary" onClick={props.onClose}>
        {t('common:actions.ok')}
      </Button>,
    ];
  } else {
    body = <Result status="error" title={t('common:imports.failed')} subTitle={task.message} extra={<Typography.Text type="secondary">{t('common:imports.nothingChanged')}</Typography.Text>} />;
    footer = [
      <Button key="r" type="primary" onClick={restart}>
        {t('common:imports.another')}
      </Button>,
    ];
  }

  return (
    <Modal open={props.open} title={props.title} onCancel={props.onClose} footer={footer} width={720} maskClosable={false} destroyOnHidden>
      {body}
    </Modal>
  );
}
