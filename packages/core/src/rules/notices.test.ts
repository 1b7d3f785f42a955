import { describe, expect, it } from 'vitest';
import { noticePlayStatus, readsWhenModalCloses } from './notices.js';

const window = { playStartTime: '2026-03-01T00:00:00Z', playEndTime: '2026-03-02T00:00:00Z' };

describe('noticePlayStatus', () => {
  it('keeps a draft a draft whatever the time', () => {
    expect(noticePlayStatus({ ...window, status: 'DRAFT' }, new Date('2026-03-01T12:00:00Z'))).toBe('DRAFT');
  });
  it('waits before the window, plays inside it and ends at its end', () => {
    const notice = { ...window, status: 'PUBLISHED' as const };
    expect(noticePlayStatus(notice, new Date('2026-02-28T23:59:59Z'))).toBe('WAITING');
    expect(noticePlayStatus(notice, new Date('2026-03-01T00:00:00Z'))).toBe('PLAYING');
    expect(noticePlayStatus(notice, new Date('2026-03-01T23:59:59Z'))).toBe('PLAYING');
    expect(noticePlayStatus(notice, new Date('2026-03-02T00:00:00Z'))).toBe('ENDED');
  });
  it('shows a stopped notice as stopped even inside its window', () => {
    expect(noticePlayStatus({ ...window, status: 'STOPPED' }, new Date('2026-03-01T12:00:00Z'))).toBe('STOPPED');
  });
});

describe('readsWhenModalCloses', () => {
  it('reads board and directional messages on close, not news', () => {
    expect(readsWhenModalCloses('BOARD')).toBe(true);
    expect(readsWhenModalCloses('DIRECTIONAL')).toBe(true);
    expect(readsWhenModalCloses('NEWS')).toBe(false);
  });
});
