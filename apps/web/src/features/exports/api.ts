// The download centre's calls (spec 01 §7, 02 §7.2: /cloud/core/exportFile), from the route
// catalogue, and file downloads.
import { ExportCalls, type CallInput, type ExportFileRow, type ExportReadItem } from '@openseller/core';
import { accessToken, deviceId, tabId } from '../../app/auth-store';
import { currentLanguage, i18next } from '../../app/i18n';
import { ApiError, callApi } from '../../app/request';

export type { ExportFileRow };

/** What to tell the person about a restart that stopped an export, as an i18n key; null when none did. */
export function exportNoticeKey(file: Pick<ExportFileRow, 'processStatus' | 'notice'>): string | null {
  if (file.notice === 'GAVE_UP' && file.processStatus === 'FAILURE') return 'common:downloads.gaveUp';
  if ((file.notice === 'INTERRUPTED' || file.notice === 'RESUMED') && (file.processStatus === 'REQUEST' || file.processStatus === 'SENDING')) return 'common:downloads.interrupted';
  return null;
}

export const exportsApi = {
  search: (input: CallInput<typeof ExportCalls.search>) => callApi(ExportCalls.search, input),
  pollingList: () => callApi(ExportCalls.pollingList, undefined, { quiet: true }),
  /** The body is the JSON text of the {id, unread:false} items (01 §7). */
  markRead: (ids: number[]) => callApi(ExportCalls.markRead, ids.map((id): ExportReadItem => ({ id, unread: false }))),
  remove: (id: number) => callApi(ExportCalls.delete, { id }),
  /** downloadExcel {number}: saves the file. */
  download: (file: { id: number; title: string }) =>
    downloadFile(ExportCalls.download.path, { number: file.id } satisfies CallInput<typeof ExportCalls.download>, `${file.title}.xlsx`),
  /** getPlatformFile {fileId}: the marketplaces' files (one as it is, several zipped by the server). */
  downloadPlatformFile: (file: { id: number; title: string; platformFileCount: number }) =>
    downloadFile(ExportCalls.platformFile.path, { fileId: file.id } satisfies CallInput<typeof ExportCalls.platformFile>, `${file.title}.${file.platformFileCount > 1 ? 'zip' : 'xlsx'}`),
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
