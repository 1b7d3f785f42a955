// Replenishment suggestions and the purchase-lines import (ReplenishmentCalls; chosen paths, see
// the server's purchasing README). Calls are quiet: the pages word refusals themselves.
import { ReplenishmentCalls, type CallInput } from '@openseller/core';
import { callApi, callForm, type RequestOptions } from '../../../app/request';
import { downloadFile } from '../../exports/api';

const quiet: RequestOptions = { quiet: true };

export type ReplenishmentFilter = CallInput<typeof ReplenishmentCalls.search>;

export const replenishmentApi = {
  search: (input: ReplenishmentFilter) => callApi(ReplenishmentCalls.search, input, quiet),
  importLines: (file: File) => {
    const form = new FormData();
    form.append('uploadExcel', file);
    return callForm(ReplenishmentCalls.importLines, form, quiet);
  },
  downloadLinesTemplate: (fileName: string) => downloadFile(ReplenishmentCalls.linesTemplate.path, undefined, fileName, 'GET'),
};
