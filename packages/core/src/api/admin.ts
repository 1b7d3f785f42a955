// Platform administration calls (spec 03-calls §7.15: /cloud/admin/job, ons/consumerserver,
// envConfig, domainFuture; /myhome/homepage getDomainMenu, createOrupdateDomainMenu, getHotSale),
// plus chosen paths listed in apps/server/src/modules/admin/README.md.
import {
  AdminLogRow,
  AdminLogSearchInput,
  ChangeCronInput,
  ConsumerControlInput,
  ConsumerRow,
  ConsumerSearchInput,
  ControlAllJobsInput,
  ControlJobsAnswer,
  ControlJobsInput,
  CronPreview,
  CronPreviewInput,
  DomainFeatureCreateInput,
  DomainFeatureDeleteInput,
  DomainFeatureRow,
  DomainFeatureSearchInput,
  DomainFeatureUpdateInput,
  DomainMenuAnswer,
  DomainMenuInput,
  EnvConfigRow,
  FeatureChangeAnswer,
  HotSaleAnswer,
  HotSaleInput,
  JobInfo,
  JobInfoList,
  JobNameInput,
  JobRunRow,
  JobRunSearchInput,
  MyFeatures,
  NotInFeatureInput,
  NotInFeatureRow,
  StoreSyncHealthRow,
} from '../contracts/admin.js';
import { NoAnswer, pageOf, post, voListOf } from './define.js';

const A = '/cloud/admin';

export const JobCalls = {
  getAllJobInfo: post(`${A}/job/getAllJobInfo`, 'root', undefined, JobInfoList),
  controlAllJobs: post(`${A}/job/controlAllJobs`, 'root', ControlAllJobsInput, ControlJobsAnswer),
  controlJobByNameList: post(`${A}/job/controlJobByNameList`, 'root', ControlJobsInput, ControlJobsAnswer),
  changeJobCronExpression: post(`${A}/job/changeJobCronExpression`, 'root', ChangeCronInput, JobInfo),
  /** Chosen paths: the next fire times of an expression, run now, the run history, the admin log. */
  previewCronExpression: post(`${A}/job/previewCronExpression`, 'root', CronPreviewInput, CronPreview),
  runNow: post(`${A}/job/runNow`, 'root', JobNameInput, NoAnswer),
  searchRunList: post(`${A}/job/searchRunList`, 'root', JobRunSearchInput, pageOf(JobRunRow)),
  searchAdminLog: post(`${A}/adminLog/search`, 'root', AdminLogSearchInput, pageOf(AdminLogRow)),
} as const;

export const ConsumerCalls = {
  searchPageList: post(`${A}/ons/consumerserver/searchPageList`, 'root', ConsumerSearchInput, pageOf(ConsumerRow)),
  control: post(`${A}/ons/consumerserver/control`, 'root', ConsumerControlInput, NoAnswer),
} as const;

export const EnvConfigCalls = {
  getDataList: post(`${A}/envConfig/getDataList`, 'root', undefined, voListOf(EnvConfigRow)),
} as const;

export const DomainFeatureCalls = {
  search: post(`${A}/domainFuture/search`, 'root', DomainFeatureSearchInput, pageOf(DomainFeatureRow)),
  create: post(`${A}/domainFuture/create`, 'root', DomainFeatureCreateInput, FeatureChangeAnswer),
  update: post(`${A}/domainFuture/update`, 'root', DomainFeatureUpdateInput, DomainFeatureRow),
  delete: post(`${A}/domainFuture/delete`, 'root', DomainFeatureDeleteInput, FeatureChangeAnswer),
  searchNotInFutureDomainList: post(`${A}/domainFuture/searchNotInFutureDomainList`, 'root', NotInFeatureInput, pageOf(NotInFeatureRow)),
  /** Chosen path: the features turned on for the caller's own domain (the web app reads them). */
  mine: post('/cloud/domain/domainFuture/mine', 'session', undefined, MyFeatures),
} as const;

export const STORE_SYNC_HEALTH_ACCESS = { menu: 'MENU_STORE' } as const;

export const HomeCalls = {
  getDomainMenu: post('/myhome/homepage/getDomainMenu', 'session', undefined, DomainMenuAnswer),
  createOrupdateDomainMenu: post('/myhome/homepage/createOrupdateDomainMenu', 'session', DomainMenuInput, DomainMenuAnswer),
  getHotSale: post('/myhome/homepage/getHotSale', 'session', HotSaleInput, HotSaleAnswer),
  /** Chosen path: each store's last successful order, refund and stock sync. */
  storeSyncHealth: post('/cloud/core/store/syncHealth', STORE_SYNC_HEALTH_ACCESS, undefined, voListOf(StoreSyncHealthRow)),
} as const;

export const ADMIN_CALL_MAPS = { jobs: JobCalls, consumers: ConsumerCalls, envConfig: EnvConfigCalls, domainFeatures: DomainFeatureCalls, home: HomeCalls };
