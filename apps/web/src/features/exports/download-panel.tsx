// The download panel of the header (spec 01 §4.5): files being made show a progress bar, finished
// ones a download button; unread files open the panel, 'Got it' marks them read and closes it.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Empty, Popover, Space, Spin } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canDownload } from '@openseller/core';
import { ApiError, errorMessage } from '../../app/request';
import { useSession } from '../../app/session';
import { toast } from '../../app/toast';
import { usePageVisible } from '../../ui/use-page-visible';
import { exportsApi, type ExportFileRow } from './api';
import { useOnceTrue } from '../../app/lazy-page';
import { onNewExport } from './export-events';

// The list of files (antd's List, Progress) loads when the panel first opens: it is not part of
// every signed-in first load.
const DownloadFiles = lazy(() => import('./download-files'));

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

  const seen = useOnceTrue(open);
  const content = !seen ? null : (
    <div style={{ width: 340 }}>
      {files.length ? (
        <Suspense fallback={<Spin size="small" />}>
          <DownloadFiles files={files} onDownload={(f) => void download(f)} />
        </Suspense>
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
