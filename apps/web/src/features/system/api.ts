import type { DomainRow, DomainSearchInput, DomainUpdateInput, HomePageData, PageResult, SmsOutboxRow, SmsOutboxSearchInput } from '@openseller/core';
import { request } from '../../app/request';

export const systemApi = {
  homePageData: () => request<HomePageData>('/myhome/homepage/getHomePageData'),
  searchDomains: (input: Partial<DomainSearchInput>) => request<PageResult<DomainRow>>('/cloud/admin/domain/search', input),
  updateDomain: (input: DomainUpdateInput) => request<void>('/cloud/admin/domain/update', input, { quiet: true }),
  searchSmsOutbox: (input: Partial<SmsOutboxSearchInput>) => request<PageResult<SmsOutboxRow>>('/cloud/admin/smsOutbox/search', input),
};
