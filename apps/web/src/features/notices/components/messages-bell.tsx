// The header's messages icon (spec 01 §4.2, §9): the unread count of the messages playing now,
// polled every 10 minutes and paused while the tab is hidden; the list opens a message in the
// announcement modal, and board and directional messages due to play open it by themselves.
// Past messages open /historyMessage in a new tab.
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Badge, Button, Empty, Popover, Space, Tag, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserMessage } from '@openseller/core';
import { usePageVisible } from '../../../ui/use-page-visible';
import { RelativeTime } from '../../../ui/relative-time';
import { noticeKeys, noticesApi } from '../api';
import { useOnceTrue } from '../../../app/lazy-page';

// The announcement modal (with its HTML sanitiser) loads when a message is first opened or due.
const AnnouncementModal = lazy(async () => ({ default: (await import('./announcement-modal')).AnnouncementModal }));

/** Spec 01 §9: messages are polled every 600000 ms. */
export const MESSAGE_POLL_MS = 600_000;

export function MessagesBell() {
  const { t } = useTranslation();
  const visible = usePageVisible();
  const queryClient = useQueryClient();
  const [listOpen, setListOpen] = useState(false);
  const [opened, setOpened] = useState<{ messages: UserMessage[]; index: number } | null>(null);
  // Announcements closed in this page stay closed until the server says they play again.
  const dismissed = useRef(new Set<number>());

  const messages = useQuery({ queryKey: noticeKeys.messages, queryFn: noticesApi.messages, refetchInterval: visible ? MESSAGE_POLL_MS : false, refetchOnWindowFocus: false });
  const needPlay = useQuery({ queryKey: noticeKeys.needPlay, queryFn: noticesApi.needPlay, refetchInterval: visible ? MESSAGE_POLL_MS : false, refetchOnWindowFocus: false });

  const [, setDismissedCount] = useState(0);
  // Not memoised: a message closed a moment ago must leave the list before the next poll answers.
  const due = (needPlay.data?.voList ?? []).filter((m) => !dismissed.current.has(m.id));
  const modal = opened ?? (due.length ? { messages: due, index: 0 } : null);

  const onRead = useCallback(
    (ids: number[]) => {
      void Promise.allSettled(ids.map((id) => noticesApi.read(id))).then(() => {
        void queryClient.invalidateQueries({ queryKey: noticeKeys.messages });
        void queryClient.invalidateQueries({ queryKey: noticeKeys.needPlay });
      });
    },
    [queryClient],
  );

  const onClose = () => {
    for (const m of modal?.messages ?? []) dismissed.current.add(m.id);
    setDismissedCount(dismissed.current.size);
    setOpened(null);
  };

  const modalSeen = useOnceTrue(!!modal);
  const list = messages.data?.voList ?? [];
  const unread = messages.data?.unreadCount ?? 0;
  const content = (
    <div style={{ width: 360 }}>
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices:messages.empty')} />
      ) : (
        // Plain list markup: antd's List brings Pagination and Select into every signed-in page.
        <ul className="os-plain-list" style={{ maxHeight: 360, overflow: 'auto' }}>
          {list.map((m, index) => (
            <li
              key={m.id}
              className="os-message-item"
              role="button"
              tabIndex={0}
              onClick={() => {
                setListOpen(false);
                setOpened({ messages: list, index });
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  setListOpen(false);
                  setOpened({ messages: list, index });
                }
              }}
            >
              <div>
                <Space size={4}>
                  {m.unread && <Badge status="error" aria-label={t('notices:messages.unread')} />}
                  <span className="os-ellipsis" title={m.title} style={{ maxWidth: 230, fontWeight: m.unread ? 600 : undefined }}>
                    {m.title}
                  </span>
                </Space>
                <div className="os-text-secondary">
                  <Space size={4}>
                    <Tag>{t(`notices:types.${m.type}`)}</Tag>
                    <RelativeTime value={m.playStartTime} />
                  </Space>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div style={{ textAlign: 'right', marginTop: 8 }}>
        <Button type="link" size="small" onClick={() => window.open(`${window.location.pathname}#/historyMessage`, '_blank', 'noopener')}>
          {t('notices:messages.history')}
        </Button>
      </div>
    </div>
  );

  return (
    <>
      <Popover open={listOpen} onOpenChange={setListOpen} trigger="click" placement="bottomRight" title={t('notices:messages.title')} content={content}>
        <Tooltip title={t('notices:messages.title')}>
          <Button type="text" className="os-header-button" aria-label={t('notices:messages.ariaLabel', { count: unread })}>
            <Badge count={unread} size="small" offset={[4, -2]}>
              <BellOutlined style={{ color: 'inherit', fontSize: 16 }} />
            </Badge>
          </Button>
        </Tooltip>
      </Popover>
      {modalSeen && (
        <Suspense fallback={null}>
          <AnnouncementModal messages={modal?.messages ?? []} startIndex={modal?.index ?? 0} onRead={onRead} onClose={onClose} />
        </Suspense>
      )}
    </>
  );
}
