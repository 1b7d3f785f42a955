// Server wording of the goods area's error codes and nouns, in Chinese and English.
import { GoodsErrors } from '@openseller/core';
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
    },
    nouns: {
      spu: { zh: '商品', en: 'The goods item' },
      sku: { zh: '商品规格', en: 'The SKU' },
      class: { zh: '商品分类', en: 'The class' },
      productDate: { zh: '保质期记录', en: 'The shelf-life record' },
    },
  });
}
