// The import dialog every area uses: the template, the file, the check with each bad row listed,
// the counts before loading, and progress while all rows load in one transaction. A task a server
// restart interrupted says so while it waits to run again; a task nobody is loading can be
// cancelled, and closing the dialog on a checked file drops it.
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Modal, Progress, Result, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ImportCalls, type CallInput, type ImportRowProblem, type ImportTaskView } from '@openseller/core';
import { importFailureText, importProblemText } from '../app/import-problems';
import { ApiError, callApi, callForm, errorMessage, queryString } from '../app/request';
import { toast } from '../app/toast';
import { downloadFile } from '../features/exports/api';
import { excelProblem } from './file-rules';

export type ImportTask = ImportTaskView;

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
  /** Names of the columns of errors, by field key (or a function naming any key). */
  fieldLabels?: Record<string, string> | ((field: string) => string);
  /** i18n keys of texts worded for the area; the others are the common ones. */
  texts?: Partial<ImportModalTexts>;
  /** Fields shown above the template (e.g. a template choice, a default store). */
  extraFields?: React.ReactNode;
  /** Starts the check on the area's own path; by default the file goes to the common upload with `kind`. */
  upload?: (file: File) => Promise<ImportTask>;
  /** Shown when "start" is pressed without a file; without it the button closes the dialog. */
  noFileMessage?: string;
  /** Name of the downloaded template, without ".xlsx"; by default the title. */
  templateFileName?: string;
  /** The counts of a checked file; by default one line per summary key. */
  renderSummary?: (summary: Record<string, number>) => React.ReactNode;
  /** The counts of a finished load; by default one line of the result's keys. */
  renderResult?: (result: Record<string, number>) => React.ReactNode;
  /** Label of the load button; by default the number of rows. */
  loadLabel?: (task: ImportTask) => string;
  width?: number;
}

/** The dialog's texts, as i18n keys. */
export interface ImportModalTexts {
  template: string;
  templateHint: string;
  start: string;
  checking: string;
  loading: string;
  invalid: string;
  nothingChanged: string;
  row: string;
  column: string;
  problem: string;
  another: string;
  checked: string;
  done: string;
  failed: string;
}

const COMMON_TEXTS: ImportModalTexts = {
  template: 'common:imports.template',
  templateHint: 'common:imports.templateHint',
  start: 'common:imports.start',
  checking: 'common:imports.checking',
  loading: 'common:imports.loading',
  invalid: 'common:imports.invalid',
  nothingChanged: 'common:imports.nothingChanged',
  row: 'common:imports.row',
  column: 'common:imports.column',
  problem: 'common:imports.problem',
  another: 'common:imports.another',
  checked: 'common:imports.checked',
  done: 'common:imports.done',
  failed: 'common:imports.failed',
};

const POLL_MS = 600;

const cancelTask = (id: number, quiet = false) => callApi(ImportCalls.cancel, { id }, { quiet });

const uploadToKind = (kind: string) => (file: File) => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('uploadExcel', file, file.name);
  return callForm(ImportCalls.upload, form, { quiet: true });
};

export function ImportModal(props: ImportModalProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [task, setTask] = useState<ImportTask | null>(null);
  const [busy, setBusy] = useState(false);
  const [cover, setCover] = useState(false);
  const texts = { ...COMMON_TEXTS, ...props.texts };
  const fieldLabel = (field: string) => (typeof props.fieldLabels === 'function' ? props.fieldLabels(field) : (props.fieldLabels?.[field] ?? field));

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
        const next = await callApi(ImportCalls.get, { id: task.id }, { quiet: true });
        setTask(next);
        if (next.status === 'DONE') {
          toast.success(t(texts.done));
          props.onDone?.(next);
        }
      } catch {
        setTask({ ...task });
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [task, props, t, texts.done]);

  const upload = async () => {
    if (!file) {
      if (props.noFileMessage) setFileError(props.noFileMessage);
      else props.onClose();
      return;
    }
    setBusy(true);
    try {
      setTask(await (props.upload ?? uploadToKind(props.kind))(file));
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
      setTask(await callApi(ImportCalls.confirm, { id: task.id, options: props.coverOption ? { isCover: cover } : {} }));
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    // A checked file nobody will load is dropped on the server too.
    if (task?.status === 'PARSED') void cancelTask(task.id, true).catch(() => {});
    setTask(null);
    setFile(null);
    setFileError(null);
  };

  const close = () => {
    if (task?.status === 'PARSED') void cancelTask(task.id, true).catch(() => {});
    props.onClose();
  };

  const cancel = async () => {
    if (!task) return;
    setBusy(true);
    try {
      const cancelled = await cancelTask(task.id);
      toast.success(t('common:imports.cancelled'));
      if (task.status === 'PARSED') props.onClose();
      else setTask(cancelled);
    } catch {
      // The request has shown why (a load that started meanwhile); the poll shows the task as it is.
    } finally {
      setBusy(false);
    }
  };

  const cancelButton = (
    <Button key="x" danger loading={busy} onClick={() => void cancel()}>
      {t('common:imports.cancel')}
    </Button>
  );

  const template = async () => {
    try {
      await downloadFile(ImportCalls.template.path + queryString({ kind: props.kind } satisfies CallInput<typeof ImportCalls.template>), undefined, `${props.templateFileName ?? props.title}.xlsx`, 'GET');
    } catch (error) {
      if (error instanceof ApiError) toast.error(errorMessage(error));
    }
  };

  let body: React.ReactNode;
  let footer: React.ReactNode;
  // The rows' problems: those of the check, or those a load found when the data changed meanwhile.
  const problemTable = task && (
    <Table
      size="small"
      rowKey={(r) => `${r.row}:${r.field}:${r.code}`}
      dataSource={task.errors}
      pagination={{ pageSize: 10, showSizeChanger: false }}
      columns={[
        { title: t(texts.row), dataIndex: 'row', width: 80 },
        { title: t(texts.column), dataIndex: 'field', width: 160, render: (f: string) => fieldLabel(f) },
        { title: t(texts.problem), key: 'problem', render: (_: unknown, r: ImportRowProblem) => importProblemText(r) },
      ]}
    />
  );
  if (!task) {
    body = (
      <>
        {props.extraFields}
        <Space style={{ marginBottom: 12 }}>
          <Button icon={<DownloadOutlined />} onClick={() => void template()}>
            {t(texts.template)}
          </Button>
          <Typography.Text type="secondary">{t(texts.templateHint)}</Typography.Text>
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
        {t(texts.start)}
      </Button>,
    ];
  } else if (task.status === 'PARSING' || task.status === 'LOADING') {
    const percent = task.status === 'PARSING' ? Math.max(5, task.percentage) : task.percentage;
    body = (
      <div style={{ padding: '24px 0' }}>
        {(task.notice === 'INTERRUPTED' || task.notice === 'RESUMED') && (
          <Alert type="warning" showIcon role="status" message={t(`common:imports.${task.notice === 'INTERRUPTED' ? 'interrupted' : 'resumed'}`)} style={{ marginBottom: 16 }} />
        )}
        <Typography.Paragraph>{task.status === 'PARSING' ? t(texts.checking, { file: task.fileName }) : t(texts.loading, { done: task.processedRows, total: task.totalRows })}</Typography.Paragraph>
        <Progress percent={percent} status="active" />
      </div>
    );
    footer = task.cancellable ? [cancelButton] : null;
  } else if (task.status === 'INVALID') {
    body = (
      <>
        <Alert type="error" showIcon message={t(texts.invalid, { count: task.errorCount, total: task.totalRows })} description={t(texts.nothingChanged)} style={{ marginBottom: 12 }} />
        {problemTable}
      </>
    );
    footer = [
      <Button key="r" type="primary" onClick={restart}>
        {t(texts.another)}
      </Button>,
    ];
  } else if (task.status === 'PARSED') {
    body = (
      <>
        <Alert type="success" showIcon message={t(texts.checked, { count: task.totalRows })} style={{ marginBottom: 12 }} />
        {props.renderSummary
          ? props.renderSummary(task.summary)
          : Object.entries(task.summary).map(([key, value]) => (
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
      cancelButton,
      <Button key="r" onClick={restart}>
        {t(texts.another)}
      </Button>,
      <Button key="l" type="primary" loading={busy} onClick={() => void confirm()}>
        {props.loadLabel ? props.loadLabel(task) : t('common:imports.load', { count: task.totalRows })}
      </Button>,
    ];
  } else if (task.status === 'DONE') {
    body = props.renderResult ? (
      <Result status="success" title={t(texts.done)} extra={props.renderResult(task.result ?? {})} />
    ) : (
      <Result
        status="success"
        title={t(texts.done)}
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
  } else if (task.status === 'CANCELLED') {
    body = <Result status="info" title={t('common:imports.cancelled')} />;
    footer = [
      <Button key="r" type="primary" onClick={restart}>
        {t(texts.another)}
      </Button>,
    ];
  } else if (task.notice === 'GAVE_UP') {
    body = <Result status="error" title={t(texts.failed)} subTitle={t('common:imports.gaveUp')} />;
    footer = [
      <Button key="r" type="primary" onClick={restart}>
        {t(texts.another)}
      </Button>,
    ];
  } else {
    body = (
      <>
        <Result status="error" title={t(texts.failed)} subTitle={importFailureText(task)} extra={<Typography.Text type="secondary">{t(texts.nothingChanged)}</Typography.Text>} />
        {task.errors.length > 0 && problemTable}
      </>
    );
    footer = [
      <Button key="r" type="primary" onClick={restart}>
        {t(texts.another)}
      </Button>,
    ];
  }

  return (
    <Modal open={props.open} title={props.title} onCancel={close} footer={footer} width={props.width ?? 720} maskClosable={false} destroyOnHidden>
      {body}
    </Modal>
  );
}
