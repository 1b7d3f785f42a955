import { DOCUMENT_LOG_AREAS } from '@openseller/core';
import { logsApi } from '../api';
import { OperationLogTable } from './operation-log-table';

export default function DocumentLogTab() {
  return <OperationLogTable queryKey="doc-log" areas={DOCUMENT_LOG_AREAS} load={logsApi.documents} />;
}
