// Server wording of the notices area's codes.
import { NoticeErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

export function registerNoticesMessages(): void {
  registerServerMessages({
    zh: {
      [NoticeErrors.NOT_PLAYING]: '公告未发布或已停止播放',
      [NoticeErrors.WRONG_CALL_FOR_TYPE]: '定向公告与普通公告不能互相修改，请新建公告',
    },
    en: {
      [NoticeErrors.NOT_PLAYING]: 'The notice is not published or has already stopped playing',
      [NoticeErrors.WRONG_CALL_FOR_TYPE]: 'A directional notice and a board or news notice cannot be changed into each other; create a new notice',
    },
    nouns: { notice: { zh: '公告', en: 'The notice' } },
  });
}
