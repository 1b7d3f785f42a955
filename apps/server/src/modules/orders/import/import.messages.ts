// Server wording of the order import codes, in Chinese and English.
import { OrderImportErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

export function registerOrderImportMessages(): void {
  registerServerMessages({
    zh: { [OrderImportErrors.TEMPLATE_NAME_TAKEN]: (p) => `导入模板名称“${p.name}”已存在` },
    en: { [OrderImportErrors.TEMPLATE_NAME_TAKEN]: (p) => `An import template named "${p.name}" already exists` },
    nouns: { 'import template': { zh: '导入模板', en: 'import template' } },
  });
}
