// The admin area's calls (job control, queue consumers, environment settings, feature domains,
// home shortcuts and best sellers, store sync health), from the route catalogue.
import { ConnectorAppCalls, ConsumerCalls, DomainFeatureCalls, EnvConfigCalls, HomeCalls, JobCalls, type CallInput, type ConnectorAppKey } from '@openseller/core';
import { callApi } from '../../app/request';

export const adminApi = {
  jobs: () => callApi(JobCalls.getAllJobInfo),
  controlAll: (flagStart: boolean) => callApi(JobCalls.controlAllJobs, { flagStart }),
  control: (jobNameList: string[], flagStart: boolean) => callApi(JobCalls.controlJobByNameList, { jobNameList, flagStart }),
  changeCron: (jobName: string, timeStr: string) => callApi(JobCalls.changeJobCronExpression, { jobName, timeStr }, { quiet: true }),
  previewCron: (timeStr: string) => callApi(JobCalls.previewCronExpression, { timeStr }, { quiet: true }),
  runNow: (jobName: string) => callApi(JobCalls.runNow, { jobName }),
  runs: (input: CallInput<typeof JobCalls.searchRunList>) => callApi(JobCalls.searchRunList, input),
  adminLog: (input: CallInput<typeof JobCalls.searchAdminLog>) => callApi(JobCalls.searchAdminLog, input),
  consumers: (input: CallInput<typeof ConsumerCalls.searchPageList>) => callApi(ConsumerCalls.searchPageList, input),
  controlConsumer: (consumerName: string, flagStart: boolean) => callApi(ConsumerCalls.control, { consumerName, flagStart }),
  envConfig: () => callApi(EnvConfigCalls.getDataList),
  connectorApps: () => callApi(ConnectorAppCalls.list),
  saveConnectorApp: (input: CallInput<typeof ConnectorAppCalls.save>) => callApi(ConnectorAppCalls.save, input, { quiet: true }),
  removeConnectorApp: (platformKey: ConnectorAppKey) => callApi(ConnectorAppCalls.remove, { platformKey }),
  features: (input: CallInput<typeof DomainFeatureCalls.search>) => callApi(DomainFeatureCalls.search, input),
  createFeature: (input: CallInput<typeof DomainFeatureCalls.create>) => callApi(DomainFeatureCalls.create, input, { quiet: true }),
  updateFeature: (input: CallInput<typeof DomainFeatureCalls.update>) => callApi(DomainFeatureCalls.update, input),
  deleteFeature: (idList: number[]) => callApi(DomainFeatureCalls.delete, { idList }),
  domainsWithout: (input: CallInput<typeof DomainFeatureCalls.searchNotInFutureDomainList>) => callApi(DomainFeatureCalls.searchNotInFutureDomainList, input),
  homeMenu: () => callApi(HomeCalls.getDomainMenu),
  saveHomeMenu: (menuName: string[]) => callApi(HomeCalls.createOrupdateDomainMenu, { menuName }),
  hotSale: (days: number) => callApi(HomeCalls.getHotSale, { days, limit: 10 }),
  storeSyncHealth: () => callApi(HomeCalls.storeSyncHealth),
};
