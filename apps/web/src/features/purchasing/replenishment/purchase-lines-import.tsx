// "Import lines" on the purchase order page: the template, a .xlsx of SKU code, quantity, price
// and remark read and checked by the server at once (nothing saved); every bad row listed, or the
// lines handed to the page (which puts them on the order, replacing lines of the same SKU).
import { useState } from 'react';
import { Alert, Button, Modal, Space, Spin, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PurchaseImportedLine, PurchaseLinesImportResult } from '@openseller/core';
import { importProblemText } from '../../../app/import-problems';
import { errorMessage, ApiError } from '../../../app/request';
import { excelProblem } from '../../../ui/file-rules';
import { replenishmentApi } from './api';

type Problem = PurchaseLinesImportResult['errors'][number];

export function PurchaseLinesImportButton({ disabled, onLines }: { disabled?: boolean; onLines: (lines: PurchaseImportedLine[]) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ rows: number; list: Problem[] } | null>(null);

  const close = () => {
    setOpen(false);
    setFailure(null);
    setProblems(null);
  };

  const read = async (file: File) => {
    const problem = excelProblem(file);
    setProblems(null);
    setFailure(problem);
    if (problem) return;
    setBusy(true);
    try {
      const result = await replenishmentApi.importLines(file);
      if (result.errors.length) setProblems({ rows: result.total, list: result.errors });
      else {
        onLines(result.lines);
        close();
      }
    } catch (error) {
      setFailure(error instanceof ApiError ? errorMessage(error) : String(error));
    } finally {
      setBusy(false);
    }
  };

  const template = async () => {
    try {
      await replenishmentApi.downloadLinesTemplate(`${t('replenish:import.templateName')}.xlsx`);
    } catch (error) {
      setFailure(error instanceof ApiError ? errorMessage(error) : String(error));
    }
  };

  return (
    <>
      <Button icon={<UploadOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {t('replenish:import.button')}
      </Button>
      <Modal open={open} title={t('replenish:import.title')} onCancel={close} footer={null} maskClosable={false} width={720} destroyOnHidden>
        <Typography.Paragraph type="secondary">{t('replenish:import.help')}</Typography.Paragraph>
        <Space style={{ marginBottom: 12 }}>
          <Button icon={<DownloadOutlined />} onClick={() => void template()}>
            {t('replenish:import.template')}
          </Button>
        </Space>
        <Spin spinning={busy} tip={t('replenish:import.reading')}>
          <Upload.Dragger
            accept=".xlsx"
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void read(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('replenish:import.choose')}</p>
          </Upload.Dragger>
        </Spin>
        {failure && <Alert type="error" showIcon role="alert" message={failure} style={{ marginTop: 12 }} />}
        {problems && (
          <>
            <Alert type="error" showIcon role="alert" style={{ margin: '12px 0' }} message={t('replenish:import.problems', { count: problems.list.length, rows: problems.rows })} />
            <Table<Problem>
              rowKey={(p) => `${p.row}:${p.field}:${p.code}`}
              size="small"
              dataSource={problems.list}
              pagination={problems.list.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              columns={[
                { title: t('replenish:import.row'), dataIndex: 'row', width: 80 },
                { title: t('replenish:import.column'), key: 'field', width: 140, render: (_, p) => t(`replenish:import.columns.${p.field}`, { defaultValue: p.field }) },
                { title: t('replenish:import.problem'), key: 'problem', render: (_, p) => importProblemText(p) },
              ]}
            />
          </>
        )}
      </Modal>
    </>
  );
}
