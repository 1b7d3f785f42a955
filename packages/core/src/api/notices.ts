// System notices and sellers' messages (spec 02 §7.15 systemNotice and userNotice, 01 §7
// messages, 01 §2.4 the emergency notice page). The calls the spec does not name have chosen
// paths, listed in apps/server/src/modules/notices/README.md.
import {
  EmergencyNotice,
  EmergencyNoticeInput,
  HistoryNotice,
  HistoryNoticeInput,
  NoticeContentAnswer,
  NoticeContentInput,
  NoticeDeleteInput,
  NoticeRow,
  NoticeSearchInput,
  NoticeVersionInput,
  PublishDirectNoticeInput,
  PublishMessageInput,
  ReadMessageInput,
  UserMessage,
  UserMessageInput,
  UserMessagePage,
} from '../contracts/notices.js';
import { get, NoAnswer, pageOf, post, RawAnswer, voListOf } from './define.js';

const SN = '/cloud/core/systemNotice';
const UN = '/cloud/core/userNotice';

/** The root account's notices (spec 01 §2.2 /system/systemNotice). */
export const SystemNoticeCalls = {
  publishMessage: post(`${SN}/publishMessage`, 'root', PublishMessageInput, NoticeRow),
  publishDirectNotice: post(`${SN}/publishDirectNotice`, 'root', PublishDirectNoticeInput, NoticeRow),
  searchPageList: post(`${SN}/searchPageList`, 'root', NoticeSearchInput, pageOf(NoticeRow)),
  stopPlay: post(`${SN}/stopPlay`, 'root', NoticeVersionInput, NoticeRow),
  delete: post(`${SN}/delete`, 'root', NoticeDeleteInput, NoAnswer, { inputFrom: 'query' }),
  /** Chosen paths: the content as it will be stored (the editor's preview), the emergency notice. */
  previewContent: post(`${SN}/previewContent`, 'root', NoticeContentInput, NoticeContentAnswer),
  getEmergencyNotice: post(`${SN}/getEmergencyNotice`, 'root', undefined, EmergencyNotice),
  saveEmergencyNotice: post(`${SN}/saveEmergencyNotice`, 'root', EmergencyNoticeInput, EmergencyNotice),
} as const;

/** A signed-in account's messages (spec 01 §4.2). The root account has none. */
export const UserNoticeCalls = {
  getUserMessage: post(`${UN}/getUserMessage`, 'session', UserMessageInput, UserMessagePage),
  searchNeedPlayNotice: post(`${UN}/searchNeedPlayNotice`, 'session', undefined, voListOf(UserMessage)),
  searchHistoryNotice: post(`${UN}/searchHistoryNotice`, 'session', HistoryNoticeInput, pageOf(HistoryNotice)),
  readMessage: post(`${UN}/readMessage`, 'session', ReadMessageInput, NoAnswer),
} as const;

/** The static emergency notice page (spec 01 §2.4): HTML, empty (204) when none is shown. */
export const EmergencyNoticePageCalls = {
  page: get('/html/emergencyNotice.html', 'public', undefined, RawAnswer, { raw: true }),
} as const;

export const NOTICES_CALL_MAPS = { systemNotice: SystemNoticeCalls, userNotice: UserNoticeCalls, emergencyNotice: EmergencyNoticePageCalls };
