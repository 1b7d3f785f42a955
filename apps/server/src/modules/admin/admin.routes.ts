// Platform administration routes (spec 03-calls §7.15) from the route catalogue; handlers only translate.
import type { FastifyInstance } from 'fastify';
import { ConnectorAppCalls, ConsumerCalls, DomainFeatureCalls, EnvConfigCalls, HomeCalls, JobCalls } from '@openseller/core';
import { domainOf } from '../../platform/caller.js';
import type { Http } from '../../platform/http.js';
import { pageAnswer } from '../../platform/paging.js';
import { envConfigRows } from './env-config.js';
import type { ConnectorAppsService } from './connector-apps.service.js';
import type { FeaturesService } from './features.service.js';
import type { HomeService } from './home.service.js';
import type { JobsService } from './jobs.service.js';

export function registerAdminRoutes(app: FastifyInstance, http: Http, jobs: JobsService, features: FeaturesService, home: HomeService, connectorApps: ConnectorAppsService): void {
  http.serve(app, ConnectorAppCalls, {
    list: async () => ({ voList: await connectorApps.list() }),
    save: (c) => connectorApps.save(c.session, c.input),
    remove: async (c) => {
      await connectorApps.remove(c.session, c.input.platformKey);
      return null;
    },
  });
  http.serve(app, JobCalls, {
    getAllJobInfo: () => jobs.list(),
    controlAllJobs: async (c) => ({ changed: await jobs.control(c.session, 'ALL', c.input.flagStart) }),
    controlJobByNameList: async (c) => ({ changed: await jobs.control(c.session, c.input.jobNameList, c.input.flagStart) }),
    changeJobCronExpression: (c) => jobs.changeCron(c.session, c.input.jobName, c.input.timeStr),
    previewCronExpression: (c) => jobs.preview(c.input.timeStr),
    runNow: async (c) => {
      await jobs.runNow(c.session, c.input.jobName);
      return null;
    },
    searchRunList: async (c) => {
      const { voList, total } = await jobs.runs(c.input);
      return pageAnswer(voList, total, c.input);
    },
    searchAdminLog: async (c) => {
      const { voList, total } = await jobs.adminLog(c.input);
      return pageAnswer(voList, total, c.input);
    },
  });
  http.serve(app, ConsumerCalls, {
    searchPageList: async (c) => {
      const { voList, total } = await jobs.consumers(c.input);
      return pageAnswer(voList, total, c.input);
    },
    control: async (c) => {
      await jobs.control(c.session, [c.input.consumerName], c.input.flagStart, 'consumer');
      return null;
    },
  });
  http.serve(app, EnvConfigCalls, {
    getDataList: () => ({ voList: envConfigRows() }),
  });
  http.serve(app, DomainFeatureCalls, {
    search: async (c) => {
      const { voList, total } = await features.search(c.input);
      return pageAnswer(voList, total, c.input);
    },
    create: (c) => features.create(c.session, c.input),
    update: (c) => features.update(c.session, c.input),
    delete: (c) => features.remove(c.session, c.input.idList),
    searchNotInFutureDomainList: async (c) => {
      const { voList, total } = await features.notIn(c.input);
      return pageAnswer(voList, total, c.input);
    },
    mine: (c) => (c.session.domainId === null ? { featureCodes: [] } : features.mine(domainOf(c.session))),
  });
  http.serve(app, HomeCalls, {
    getDomainMenu: (c) => home.getMenu(c.session),
    createOrupdateDomainMenu: (c) => home.saveMenu(c.session, c.input.menuName),
    getHotSale: (c) => home.hotSale(c.session, c.input),
    storeSyncHealth: (c) => home.storeSyncHealth(c.session),
  });
}
