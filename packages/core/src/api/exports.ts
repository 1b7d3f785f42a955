// The download centre's calls (spec 01 §7, spec 02 §7.2: /cloud/core/exportFile). Any signed-in
// account sees its own domain's files; starting an export needs MENU_DATA_DOWNLOAD (checked where
// each area starts one).
import { z } from 'zod';
import { IdInput } from '../contracts/common.js';
import { ExportDownloadInput, ExportFileRow, ExportReadItemsInput, ExportSearchInput } from '../contracts/exports.js';
import { PlatformFileInput } from '../contracts/orders-export.js';
import { NoAnswer, pageOf, post, RawAnswer } from './define.js';

export { ExportFileRow, ExportRequested } from '../contracts/exports.js';

const E = '/cloud/core/exportFile';

export const ExportCalls = {
  search: post(`${E}/searchPageList`, 'session', ExportSearchInput, pageOf(ExportFileRow)),
  /** The files still being made, and those finished and not yet seen. */
  pollingList: post(`${E}/needPollingList`, 'session', undefined, z.array(ExportFileRow)),
  /** The body is the JSON list of {id, unread:false} (read by the handler, not a JSON object). */
  markRead: post(`${E}/batchUpdateUnread`, 'session', ExportReadItemsInput, NoAnswer, { rawBody: true }),
  delete: post(`${E}/deleteFile`, 'session', IdInput, NoAnswer),
  /** The file itself (xlsx), or an error envelope. */
  download: post(`${E}/downloadExcel`, 'session', ExportDownloadInput, RawAnswer, { raw: true }),
  /**
   * The marketplaces' own files of an export (the decryption flow, 01 §4.5): one is answered as it
   * is, several are checked and zipped; a non-binary one aborts the zip; none: file does not exist.
   */
  platformFile: post(`${E}/getPlatformFile`, 'session', PlatformFileInput, RawAnswer, { raw: true }),
};
