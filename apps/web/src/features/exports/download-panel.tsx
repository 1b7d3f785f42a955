// The download panel of the header (spec 01 §4.5): files being made show a progress bar, finished
// ones a download button; unread files open the panel, 'Got it' marks them read and closes it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Empty, List, Popover, Progress, Space, Tooltip, Typography } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canDownload } from '@openseller/core';
import { ApiError, errorMessage } from '../../app/request';
import { useSession } from '../../app/session';
import { toast } from '../../app/toast';
import { usePageVisible } from '../../ui/use-page-visible';
import { exportNoticeKey, exportsApi, type ExportFileRow } from './api';
import { onNewExport } from './export-events';
import { useSimulatedProgress } from './use-simulated-progress';

const FIRST_POLL_MS = 1000;
const MAX_POLL_MS = 10_000;

export function useDownload() {
  const { t } = useTranslation();
  const session = useSession();
  return async (file: Pick<ExportFileRow, 'id' | 'title'>) => {
    if (!canDownload(session.menus)) {
      toast.error(t('errors:ERR_NO_DOWNLOAD_PERMISSION'));
      return;
    }
    try {
      await exportsApi.download(file);
      toast.success(t('common:downloads.downloaded'));
    } catch (error) {
      toast.error(error instanceof ApiError ? errorMessage(error) : t('errors:ERR_FILE_NOT_EXIST'));
    }
  };
}

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

export function DownloadPanel() {
  const { t } = useTranslation();
  const session = useSession();
  const visible = usePageVisible();
  const download = useDownload();
  const [files, setFiles] = useState<ExportFileRow[]>([]);
  const [open, setOpen] = useState(false);
  const delay = useRef(FIRST_POLL_MS);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const seenUnread = useRef(new Set<number>());

  const poll = useCallback(async () => {
    try {
      const list = await exportsApi.pollingList();
      setFiles(list);
      const fresh = list.filter((f) => f.unread && !seenUnread.current.has(f.id));
      if (fresh.length) setOpen(true);
      for (const f of fresh) seenUnread.current.add(f.id);
    } catch {
      // Polling failures are quiet; the next cycle tries again.
    }
  }, []);

  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      await poll();
      delay.current = Math.min(MAX_POLL_MS, delay.current * 2);
      schedule();
    }, delay.current);
  }, [poll]);

  useEffect(() => {
    if (!visible) return;
    void poll();
    schedule();
    const off = onNewExport(() => {
      delay.current = FIRST_POLL_MS;
      setOpen(true);
      schedule();
    });
    return () => {
      off();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [visible, poll, schedule]);

  const unread = files.filter((f) => f.unread);
  const gotIt = async () => {
    setOpen(false);
    if (unread.length) await exportsApi.markRead(unread.map((f) => f.id)).catch(() => {});
    setFiles((list) => list.filter((f) => f.processStatus === 'REQUEST' || f.processStatus === 'SENDING'));
  };

  const content = (
    <div style={{ width: 340 }}>
      {files.length ? (
        <List size="small" dataSource={files} renderItem={(f) => <FileItem file={f} onDownload={() => void download(f)} />} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:downloads.none')} />
      )}
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 8 }}>
        {canDownload(session.menus) ? <Link to="/downloadCenter" onClick={() => setOpen(false)}>{t('nav:routes.downloadCenter')}</Link> : <span />}
        <Button size="small" type="primary" onClick={() => void gotIt()}>
          {t('common:downloads.gotIt')}
        </Button>
      </Space>
    </div>
  );

  return (
    <Popover content={content} title={t('common:downloads.title')} open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight">
      <Badge count={unread.length} size="small" offset={[-4, 4]}>
        <Button type="text" className="os-header-button" icon={<CloudDownloadOutlined />} aria-label={t('common:downloads.title')} />
      </Badge>
    </Popover>
  );
}
