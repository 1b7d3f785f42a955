// The announcement modal (spec 01 §3 Announcement, §4.2, §9: width 1000): one message at a time
// with its title, time and content, and previous/next when several play. News counts as read when
// it is shown; board and directional messages when the modal closes (core readsWhenModalCloses).
import { useEffect, useRef, useState } from 'react';
import { Button, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { readsWhenModalCloses, type UserMessage } from '@openseller/core';
import { DateTime } from '../../../ui/relative-time';
import { NoticeHtml } from './notice-html';

export const ANNOUNCEMENT_MODAL_WIDTH = 1000;

export function AnnouncementModal({
  messages,
  startIndex = 0,
  onRead,
  onClose,
}: {
  /** Empty: closed. */
  messages: UserMessage[];
  startIndex?: number;
  /** Marks messages read (the caller calls readMessage). */
  onRead: (ids: number[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(startIndex);
  const shown = useRef(new Set<number>());
  const open = messages.length > 0;
  const current = messages[Math.min(index, messages.length - 1)];

  // A new set of messages starts over; the same set answered again by a poll keeps the place.
  const identity = messages.map((m) => m.id).join(',');
  useEffect(() => {
    setIndex(startIndex);
    shown.current = new Set();
  }, [identity, startIndex]);

  useEffect(() => {
    if (!current) return;
    shown.current.add(current.id);
    if (current.unread && !readsWhenModalCloses(current.type)) onRead([current.id]);
    // Reading news once per showing is enough; onRead is stable for the modal's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current?.id]);

  const close = () => {
    const ids = messages.filter((m) => shown.current.has(m.id) && m.unread && readsWhenModalCloses(m.type)).map((m) => m.id);
    if (ids.length) onRead(ids);
    onClose();
  };

  const first = index === 0;
  const last = index >= messages.length - 1;
  return (
    <Modal
      open={open}
      width={ANNOUNCEMENT_MODAL_WIDTH}
      maskClosable={false}
      onCancel={close}
      title={
        current && (
          <Space>
            <Tag color={current.type === 'NEWS' ? 'blue' : current.type === 'DIRECTIONAL' ? 'purple' : 'gold'}>{t(`notices:types.${current.type}`)}</Tag>
            <span>{current.title}</span>
          </Space>
        )
      }
      footer={
        <Space>
          {messages.length > 1 && (
            <>
              <Typography.Text type="secondary">{t('notices:announcement.position', { index: index + 1, total: messages.length })}</Typography.Text>
              <Button disabled={first} onClick={() => setIndex((i) => i - 1)}>
                {t('notices:announcement.previous')}
              </Button>
              <Button disabled={last} onClick={() => setIndex((i) => i + 1)}>
                {t('notices:announcement.next')}
              </Button>
            </>
          )}
          <Button type="primary" onClick={close}>
            {t('notices:announcement.gotIt')}
          </Button>
        </Space>
      }
    >
      {current && (
        <div aria-live="polite">
          <Typography.Text type="secondary">
            <DateTime value={current.playStartTime} />
          </Typography.Text>
          <NoticeHtml html={current.content} className="os-announcement-body" />
        </div>
      )}
    </Modal>
  );
}
