// Server wording of the guides area's codes.
import { GuideErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

export function registerGuidesMessages(): void {
  registerServerMessages({
    zh: {
      [GuideErrors.MANUAL_BAD_PARENT]: '上级必须是同一栏目、同一语言的目录',
      [GuideErrors.MANUAL_HAS_CHILDREN]: (p) => `目录下还有 ${p.count} 篇内容，请先移走或删除`,
      [GuideErrors.MANUAL_SORT_MISMATCH]: '排序的内容必须正好是该目录下的全部内容，请刷新后重试',
    },
    en: {
      [GuideErrors.MANUAL_BAD_PARENT]: 'The parent must be a directory of the same section and language',
      [GuideErrors.MANUAL_HAS_CHILDREN]: (p) => `The directory still holds ${p.count} entries; move or delete them first`,
      [GuideErrors.MANUAL_SORT_MISMATCH]: 'The entries to sort must be exactly those under the directory; reload and try again',
    },
    nouns: { manual: { zh: '帮助内容', en: 'The help entry' }, smsTemplate: { zh: '短信模板', en: 'The SMS template' } },
  });
}
