// The system area's calls: the site's name and version, the system configuration the shell loads
// after sign-in (sysconfig/findAllConfigs, spec 01 §4.1 step 8), the home counters
// (homepage/getHomePageData, spec 01 §3) and the root account's console (domains, SMS outbox).
// Paths the spec does not show are listed in apps/server/src/modules/system/README.md.
import { z } from 'zod';
import { DomainConfigItem } from '../contracts/accounts.js';
import { DomainRow, DomainSearchInput, DomainUpdateInput, HomePageData, SiteInfo, SmsOutboxRow, SmsOutboxSearchInput } from '../contracts/system.js';
import { get, NoAnswer, pageOf, post } from './define.js';

export const SystemCalls = {
  siteInfo: get('/cloud/core/site/info', 'public', undefined, SiteInfo),
  allConfigs: post('/cloud/core/sysconfig/findAllConfigs', 'session', undefined, z.array(DomainConfigItem)),
  homePageData: post('/myhome/homepage/getHomePageData', 'session', undefined, HomePageData),
  searchDomains: post('/cloud/admin/domain/search', 'root', DomainSearchInput, pageOf(DomainRow)),
  updateDomain: post('/cloud/admin/domain/update', 'root', DomainUpdateInput, NoAnswer),
  searchSmsOutbox: post('/cloud/admin/smsOutbox/search', 'root', SmsOutboxSearchInput, pageOf(SmsOutboxRow)),
};
