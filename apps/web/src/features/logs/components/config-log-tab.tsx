import { CONFIG_LOG_AREAS } from '@openseller/core';
import { logsApi } from '../api';
import { OperationLogTable } from './operation-log-table';

export default function ConfigLogTab() {
  return <OperationLogTable queryKey="config-log" areas={CONFIG_LOG_AREAS} load={logsApi.configuration} />;
}
