// Server wording of the warehouse-system connectors' codes.
import { WarehouseSystemErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

export function registerWarehouseSystemsMessages(): void {
  registerServerMessages({
    zh: {
      [WarehouseSystemErrors.TIMEOUT]: (p) => `仓储系统未及时响应：${p.detail}`,
      [WarehouseSystemErrors.REJECTED]: (p) => `仓储系统拒绝了请求：${p.detail}`,
      [WarehouseSystemErrors.FAILED]: (p) => `仓储系统处理失败：${p.detail}`,
      [WarehouseSystemErrors.NOT_IN_BUILD]: (p) => `${p.system ?? ''} 仓储系统的对接不在本版本中，无法下发或取消单据`,
      [WarehouseSystemErrors.NO_CONNECTOR]: '该仓库为自有仓库，没有对接的仓储系统',
      [WarehouseSystemErrors.NOT_SANDBOX]: (p) => `仓库 ${p.name} 未连接沙箱仓储系统（外部仓库编码需以 SANDBOX 开头的 WMS 或奇门仓库）`,
      [WarehouseSystemErrors.SANDBOX_DOCUMENT]: (p) => `沙箱仓储系统：${p.detail}`,
    },
    en: {
      [WarehouseSystemErrors.TIMEOUT]: (p) => `The warehouse system did not answer in time: ${p.detail}`,
      [WarehouseSystemErrors.REJECTED]: (p) => `The warehouse system refused the request: ${p.detail}`,
      [WarehouseSystemErrors.FAILED]: (p) => `The warehouse system failed: ${p.detail}`,
      [WarehouseSystemErrors.NOT_IN_BUILD]: (p) => `The ${p.system ?? ''} warehouse system's connector is not part of this build; documents cannot be issued to it or cancelled there`,
      [WarehouseSystemErrors.NO_CONNECTOR]: 'The warehouse is run by the seller; it has no warehouse system',
      [WarehouseSystemErrors.NOT_SANDBOX]: (p) => `The warehouse ${p.name} is not connected to the sandbox warehouse system (a WMS or Qimen warehouse whose external code starts with SANDBOX)`,
      [WarehouseSystemErrors.SANDBOX_DOCUMENT]: (p) => `Sandbox warehouse system: ${p.detail}`,
    },
    nouns: {
      sandboxWarehouse: { zh: '沙箱仓储系统设置', en: 'The sandbox warehouse system settings' },
    },
  });
}
