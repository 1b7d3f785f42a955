// Server wording of the admin area's codes.
import { AdminErrors, ConnectorAppErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

export function registerAdminMessages(): void {
  registerServerMessages({
    zh: {
      [AdminErrors.JOB_NOT_FOUND]: (p) => `任务 ${p.jobName} 不存在`,
      [AdminErrors.JOB_RUNNING]: (p) => (p.reason === 'queue' ? '任务队列未运行，不能立即执行' : `任务 ${p.jobName} 正在运行，请等本次运行结束`),
      [AdminErrors.FEATURE_DOMAIN_EXISTS]: (p) => `功能 ${p.featureCode} 已对域 ${p.domainId} 开通`,
      [AdminErrors.DOMAIN_NOT_FOUND]: (p) => `域 ${p.domainId} 不存在`,
      [AdminErrors.MENU_NOT_ALLOWED]: (p) => `不能添加没有权限的菜单：${p.menuName}`,
      [ConnectorAppErrors.SECRET_REQUIRED]: '首次保存平台应用时必须填写 App Secret',
    },
    en: {
      [AdminErrors.JOB_NOT_FOUND]: (p) => `The job ${p.jobName} does not exist`,
      [AdminErrors.JOB_RUNNING]: (p) => (p.reason === 'queue' ? 'The job queue is not running here, so nothing can run now' : `The job ${p.jobName} is running; wait until this run ends`),
      [AdminErrors.FEATURE_DOMAIN_EXISTS]: (p) => `The feature ${p.featureCode} is already on for domain ${p.domainId}`,
      [AdminErrors.DOMAIN_NOT_FOUND]: (p) => `Domain ${p.domainId} does not exist`,
      [AdminErrors.MENU_NOT_ALLOWED]: (p) => `Not a menu of this account: ${p.menuName}`,
      [ConnectorAppErrors.SECRET_REQUIRED]: 'The first save of a platform app needs its app secret',
    },
  });
}
