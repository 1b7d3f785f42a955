// The download panel's files (features/exports/download-panel.tsx), loaded when the panel first opens.
import { Button, List, Progress, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { exportNoticeKey, type ExportFileRow } from './api';
import { useSimulatedProgress } from './use-simulated-progress';

function FileItem({ file, onDownload }: { file: ExportFileRow; onDownload: () => void }) {
  const { t } = useTranslation();
  const running = file.processStatus === 'REQUEST' || file.processStatus === 'SENDING';
  const percent = useSimulatedProgress(running);
  const notice = exportNoticeKey(file);
  return (
    <List.Item
      actions={
        file.processStatus === 'SUCCESS'
          ? [
              <Button key="d" type="link" size="small" onClick={onDownload}>
                {t('common:downloads.download')}
              </Button>,
            ]
          : []
      }
    >
      <List.Item.Meta
        title={<Typography.Text ellipsis={{ tooltip: file.title }}>{file.title}</Typography.Text>}
        description={
          running ? (
            <Space direction="vertical" style={{ width: '100%' }} size={0}>
              <span>{t('common:downloads.generating')}</span>
              {notice && <Typography.Text type="warning">{t(notice)}</Typography.Text>}
              <Progress percent={percent} size="small" status="active" />
            </Space>
          ) : file.processStatus === 'SUCCESS' ? (
            <Typography.Text type="success">{t('common:downloads.generated')}</Typography.Text>
          ) : (
            <Tooltip title={notice ? t(notice) : file.errorMessage}>
              <Typography.Text type="danger">{t('common:downloads.failed')}</Typography.Text>
            </Tooltip>
          )
        }
      />
    </List.Item>
  );
}

export default function DownloadFiles({ files, onDownload }: { files: ExportFileRow[]; onDownload: (file: ExportFileRow) => void }) {
  return <List size="small" dataSource={files} renderItem={(f) => <FileItem file={f} onDownload={() => onDownload(f)} />} />;
}
