// The download centre's server paths (spec 02 §7.2) and file downloads.
import type { PageResult } from '@openseller/core';
import { accessToken, deviceId, tabId } from '../../app/auth-store';
import { currentLanguage, i18next } from '../../app/i18n';
import { ApiError, request } from '../../app/request';

export interface ExportFileRow {
  id: number;
  title: string;
  type: string;
  processStatus: 'REQUEST' | 'SENDING' | 'SUCCESS' | 'FAILURE';
  unread: boolean;
  isOss: boolean;
  rowCount: number | null;
  errorMessage: string | null;
  createTime: string;
  finishTime: string | null;
  /** How many times a server restart stopped the export while it was being made. */
  interruptions: number;
  /** INTERRUPTED (waits to be made again), RESUMED (made again), GAVE_UP (failed after too many interruptions). */
  notice: 'INTERRUPTED' | 'RESUMED' | 'GAVE_UP' | null;
}

/** What to tell the person about a restart that stopped an export, as an i18n key; null when none did. */
export function exportNoticeKey(file: Pick<ExportFileRow, 'processStatus' | 'notice'>): string | null {
  if (file.notice === 'GAVE_UP' && file.processStatus === 'FAILURE') return 'common:downloads.gaveUp';
  if ((file.notice === 'INTERRUPTED' || file.notice === 'RESUMED') && (file.processStatus === 'REQUEST' || file.processStatus === 'SENDING')) return 'common:downloads.interrupted';
  return null;
}

export const exportsApi = {
  search: (input: { currentPage: number; pageSize: number; exportStartTime?: string; exportEndTime?: string; unread?: boolean }) =>
    request<PageResult<ExportFileRow>>('/cloud/core/exportFile/searchPageList', input),
  pollingList: () => request<ExportFileRow[]>('/cloud/core/exportFile/needPollingList', {}, { quiet: true }),
  markRead: (ids: number[]) => request<void>('/cloud/core/exportFile/batchUpdateUnread', { items: JSON.stringify(ids.map((id) => ({ id, unread: false }))) }),
  remove: (id: number) => request<void>('/cloud/core/exportFile/deleteFile', { id }),
};

/** Saves a blob under a file name, as the browser's download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Fetches a file from a POST or GET path with the session, and saves it. An HTML or JSON answer
 * instead of a binary stream means the file does not exist (spec 01 §5); a JSON error is raised.
 */
export async function downloadFile(path: string, body: unknown, fallbackName: string, method: 'GET' | 'POST' = 'POST'): Promise<void> {
  const headers: Record<string, string> = { 'accept-language': currentLanguage(), 'x-device-id': deviceId(), 'x-client-id': tabId };
  const token = accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (method === 'POST') headers['content-type'] = 'application/json';
  const response = await fetch(path, { method, headers, ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}) });
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const envelope = (await response.json()) as { errorCode?: string; message?: string; params?: Record<string, string | number> };
    throw new ApiError(envelope.errorCode ?? 'ERR_FILE_NOT_EXIST', envelope.message ?? '', response.status, envelope.params ?? {});
  }
  if (!response.ok || type.includes('text/html')) throw new ApiError('ERR_FILE_NOT_EXIST', i18next.t('errors:ERR_FILE_NOT_EXIST'), response.status);
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)/.exec(disposition);
  saveBlob(await response.blob(), match ? decodeURIComponent(match[1]!) : fallbackName);
}
