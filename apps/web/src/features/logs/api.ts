import type { OperationLogRow, OperationLogSearchInput, PageResult } from '@openseller/core';
import { request } from '../../app/request';

export const logsApi = {
  documents: (input: Partial<OperationLogSearchInput>) => request<PageResult<OperationLogRow>>('/myhome/docLog/searchPageList', input),
  configuration: (input: Partial<OperationLogSearchInput>) => request<PageResult<OperationLogRow>>('/myhome/configLog/searchPageList', input),
};
