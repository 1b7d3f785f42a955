// Server wording of the goods area's error codes and nouns, in Chinese and English.
import { GoodsErrors, GoodsWmsErrors } from '@openseller/core';
import { plural, registerServerMessages } from '../../platform/messages.js';

export function registerGoodsMessages(): void {
  registerServerMessages({
    zh: {
      [GoodsErrors.SPU_CODE_TAKEN]: (p) => `商品编码 ${p.code} 已存在`,
      [GoodsErrors.SKU_CODE_TAKEN]: (p) => (p.spuCode ? `规格编码 ${p.code} 已被商品 ${p.spuCode} 使用` : `规格编码 ${p.code} 已存在`),
      [GoodsErrors.COMBINATION_CONTAINS_ITSELF]: (p) => `组合商品不能包含自身（${p.code}）`,
      [GoodsErrors.COMBINATION_LOOP]: (p) => `组合商品不能包含另一个包含它的组合商品：${p.path}`,
      [GoodsErrors.COMPONENT_NOT_FOUND]: (p) => `第 ${p.row} 个子商品不存在或已删除`,
      [GoodsErrors.NOT_A_COMBINATION]: (p) => `商品 ${p.code} 不是组合商品`,
      [GoodsErrors.COMBINATION_NO_VARIANTS]: (p) => `组合商品 ${p.code} 不能添加规格`,
      [GoodsErrors.SKU_IN_COMBINATION]: (p) => `商品仍是 ${p.count} 个组合商品的子商品（${p.codes}），不能删除`,
      [GoodsErrors.SKU_IN_USE]: (p) => `商品仍被使用（${p.reason}：${p.count}），不能删除`,
      [GoodsErrors.CLASS_CODE_TAKEN]: (p) => `分类编码 ${p.code} 已存在`,
      [GoodsErrors.CLASS_HAS_CHILDREN]: (p) => `分类“${p.name}”下还有 ${p.count} 个子分类，不能删除`,
      [GoodsErrors.CLASS_HAS_GOODS]: (p) => `分类“${p.name}”下还有 ${p.count} 个商品，请先移走商品`,
      [GoodsErrors.CLASS_TOO_DEEP]: (p) => `分类最多 ${p.max} 级`,
      [GoodsWmsErrors.NO_WAREHOUSE_SYSTEM]: '没有对接仓储系统的仓库（WMS、奇门等第三方仓库），无法下发商品',
      [GoodsWmsErrors.SELF_WAREHOUSE]: (p) => `仓库 ${p.name} 为自有仓库，没有可下发商品的仓储系统`,
      [GoodsWmsErrors.WAREHOUSE_STOPPED]: (p) => `仓库 ${p.name} 已停用，不能下发商品`,
      [GoodsWmsErrors.NOTHING_TO_SEND]: '所选商品没有可下发到仓库的规格（组合商品由其子商品组成，请下发子商品）',
      [GoodsWmsErrors.NOT_MAPPED]: (p) => `线上规格 ${p.tbSkuId} 尚未匹配系统商品，没有可下发的对应关系`,
    },
    en: {
      [GoodsErrors.SPU_CODE_TAKEN]: (p) => `Goods code ${p.code} already exists`,
      [GoodsErrors.SKU_CODE_TAKEN]: (p) => (p.spuCode ? `SKU code ${p.code} is already used by goods ${p.spuCode}` : `SKU code ${p.code} already exists`),
      [GoodsErrors.COMBINATION_CONTAINS_ITSELF]: (p) => `A combination cannot contain itself (${p.code})`,
      [GoodsErrors.COMBINATION_LOOP]: (p) => `A combination cannot contain another combination that contains it: ${p.path}`,
      [GoodsErrors.COMPONENT_NOT_FOUND]: (p) => `Component ${p.row} does not exist or was deleted`,
      [GoodsErrors.NOT_A_COMBINATION]: (p) => `Goods ${p.code} is not a combination`,
      [GoodsErrors.COMBINATION_NO_VARIANTS]: (p) => `Combination ${p.code} cannot have variants`,
      [GoodsErrors.SKU_IN_COMBINATION]: (p) => `The goods are still a component of ${p.count} ${plural(p.count, 'combination', 'combinations')} (${p.codes}) and cannot be deleted`,
      [GoodsErrors.SKU_IN_USE]: (p) => `The goods are still in use (${p.reason}: ${p.count}) and cannot be deleted`,
      [GoodsErrors.CLASS_CODE_TAKEN]: (p) => `Class code ${p.code} already exists`,
      [GoodsErrors.CLASS_HAS_CHILDREN]: (p) => `Class "${p.name}" still has ${p.count} ${plural(p.count, 'sub-class', 'sub-classes')} and cannot be deleted`,
      [GoodsErrors.CLASS_HAS_GOODS]: (p) => `Class "${p.name}" still holds ${p.count} goods; move them out first`,
      [GoodsErrors.CLASS_TOO_DEEP]: (p) => `Classes have at most ${p.max} levels`,
      [GoodsWmsErrors.NO_WAREHOUSE_SYSTEM]: 'No warehouse is run by a warehouse system (WMS, Qimen or another third party); there is nowhere to send the goods',
      [GoodsWmsErrors.SELF_WAREHOUSE]: (p) => `The warehouse ${p.name} is run by the seller; it has no warehouse system to send goods to`,
      [GoodsWmsErrors.WAREHOUSE_STOPPED]: (p) => `The warehouse ${p.name} is stopped; goods cannot be sent to it`,
      [GoodsWmsErrors.NOTHING_TO_SEND]: 'The chosen goods have no SKU a warehouse stocks (a combination is made of its components: send those)',
      [GoodsWmsErrors.NOT_MAPPED]: (p) => `The online SKU ${p.tbSkuId} is not matched to system goods yet; there is no mapping to send`,
    },
    nouns: {
      spu: { zh: '商品', en: 'The goods item' },
      sku: { zh: '商品规格', en: 'The SKU' },
      class: { zh: '商品分类', en: 'The class' },
      productDate: { zh: '保质期记录', en: 'The shelf-life record' },
    },
  });
}
