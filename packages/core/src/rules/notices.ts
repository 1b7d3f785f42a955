// Notice rules (spec 01 §4.2): where a notice is in its life, and when a message counts as read.
import type { NoticePlayStatus, NoticeStatus, NoticeType } from '../contracts/notices.js';

const time = (v: string | Date) => new Date(v).getTime();

/**
 * A notice plays only between playStartTime (inclusive) and playEndTime (exclusive), and only
 * once published and not stopped.
 */
export function noticePlayStatus(notice: { status: NoticeStatus; playStartTime: string | Date; playEndTime: string | Date }, now: Date | number = Date.now()): NoticePlayStatus {
  if (notice.status === 'DRAFT') return 'DRAFT';
  if (notice.status === 'STOPPED') return 'STOPPED';
  const at = new Date(now).getTime();
  if (at < time(notice.playStartTime)) return 'WAITING';
  if (at >= time(notice.playEndTime)) return 'ENDED';
  return 'PLAYING';
}

/** BOARD and DIRECTIONAL messages are read when their announcement modal closes; news when opened. */
export function readsWhenModalCloses(type: NoticeType | string): boolean {
  return type === 'BOARD' || type === 'DIRECTIONAL';
}
