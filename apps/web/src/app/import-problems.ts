// An import's problems in the reader's language: the server sends each problem's code and params
// (core's catalogue, catalogues/import-problems.ts); its own text is the fallback for a code this
// build does not know.
import type { ImportRowProblem, ImportTaskView } from '@openseller/core';
import { i18next } from './i18n';
import { errorMessage } from './request';

/** One row's problem, worded for the reader. */
export function importProblemText(problem: Pick<ImportRowProblem, 'code' | 'params' | 'message'>): string {
  const key = `importproblems:${problem.code}`;
  return i18next.exists(key) ? i18next.t(key, problem.params) : problem.message;
}

/** Why a task failed, worded for the reader: an import problem, an error code, or the server's text. */
export function importFailureText(task: Pick<ImportTaskView, 'messageCode' | 'messageParams' | 'message'>): string {
  if (!task.messageCode) return task.message ?? '';
  const params = task.messageParams ?? {};
  if (i18next.exists(`importproblems:${task.messageCode}`)) return i18next.t(`importproblems:${task.messageCode}`, params);
  return errorMessage({ code: task.messageCode, params, message: task.message ?? '' });
}
