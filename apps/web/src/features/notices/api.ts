// The notices area's calls, from the route catalogue: the root account's system notices, a
// signed-in account's messages, and the emergency notice page.
import { EmergencyNoticePageCalls, MESSAGE_PAGE_SIZE, SystemNoticeCalls, UserNoticeCalls, type CallInput } from '@openseller/core';
import { callApi } from '../../app/request';

export type NoticeFilter = CallInput<typeof SystemNoticeCalls.searchPageList>;
export type HistoryFilter = CallInput<typeof UserNoticeCalls.searchHistoryNotice>;

export const noticesApi = {
  search: (input: NoticeFilter) => callApi(SystemNoticeCalls.searchPageList, input),
  publishMessage: (input: CallInput<typeof SystemNoticeCalls.publishMessage>) => callApi(SystemNoticeCalls.publishMessage, input, { quiet: true }),
  publishDirectNotice: (input: CallInput<typeof SystemNoticeCalls.publishDirectNotice>) => callApi(SystemNoticeCalls.publishDirectNotice, input, { quiet: true }),
  stopPlay: (input: CallInput<typeof SystemNoticeCalls.stopPlay>) => callApi(SystemNoticeCalls.stopPlay, input),
  remove: (id: number) => callApi(SystemNoticeCalls.delete, { id }),
  preview: (content: string) => callApi(SystemNoticeCalls.previewContent, { content }, { quiet: true }),
  emergencyNotice: () => callApi(SystemNoticeCalls.getEmergencyNotice),
  saveEmergencyNotice: (input: CallInput<typeof SystemNoticeCalls.saveEmergencyNotice>) => callApi(SystemNoticeCalls.saveEmergencyNotice, input, { quiet: true }),

  messages: () => callApi(UserNoticeCalls.getUserMessage, { currentPage: 1, pageSize: MESSAGE_PAGE_SIZE }, { quiet: true }),
  needPlay: () => callApi(UserNoticeCalls.searchNeedPlayNotice, undefined, { quiet: true }),
  history: (input: HistoryFilter) => callApi(UserNoticeCalls.searchHistoryNotice, input),
  read: (noticeId: number) => callApi(UserNoticeCalls.readMessage, { noticeId }, { quiet: true }),

  /** The emergency notice page's body HTML, or null when none is shown (204) or it cannot be loaded. */
  async emergencyPage(): Promise<string | null> {
    const response = await fetch(EmergencyNoticePageCalls.page.path);
    if (response.status !== 200) return null;
    const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
    const html = doc.body.innerHTML.trim();
    return html || null;
  },
};

export const noticeKeys = {
  all: ['notices'] as const,
  list: (filter: NoticeFilter) => ['notices', 'list', filter] as const,
  messages: ['notices', 'messages'] as const,
  needPlay: ['notices', 'need-play'] as const,
  history: (filter: HistoryFilter) => ['notices', 'history', filter] as const,
  emergency: ['notices', 'emergency'] as const,
  emergencyPage: ['notices', 'emergency-page'] as const,
};
