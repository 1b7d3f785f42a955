// The import engine's calls (spec 02 §7.3 "Excel import multipart uploadExcel", paths not shown:
// served under /cloud/core/import, listed in apps/server/src/modules/imports/README.md). Each
// importer checks its own area's permission when a task is started.
import { ImportConfirmInput, ImportTaskInput, ImportTaskView, ImportTemplateInput } from '../contracts/imports.js';
import { get, post, RawAnswer } from './define.js';

const I = '/cloud/core/import';

export const ImportCalls = {
  /** The kind's template (.xlsx). */
  template: get(`${I}/template`, 'session', ImportTemplateInput, RawAnswer, { raw: true }),
  /** Multipart: uploadExcel (the file), kind, options (JSON text). Starts the check in the background. */
  upload: post(`${I}/upload`, 'session', undefined, ImportTaskView, { multipart: true }),
  get: post(`${I}/get`, 'session', ImportTaskInput, ImportTaskView),
  confirm: post(`${I}/confirm`, 'session', ImportConfirmInput, ImportTaskView),
  /** Drops a task nobody is loading. */
  cancel: post(`${I}/cancel`, 'session', ImportTaskInput, ImportTaskView),
};
