// Online goods mapping (spec 02 §7.4, /myhome/tbspu), all under MENU_TBSKU_RELATION. Calls the
// spec does not name (the recycle bin list, restoreTbSkuList, storeOptions, createSpuFromTbSpu)
// are listed in apps/server/src/modules/mapping/README.md.
import { z } from 'zod';
import {
  BatchCountResult,
  ConfirmTbSkuInput,
  CopyToGoodsResult,
  CreateSpuFromTbSpuInput,
  CreateSpuFromTbSpuResult,
  CreateTbSkuByHandInput,
  MappingStoreOption,
  MatchAllInput,
  MatchAllResult,
  ReplaceTbSkuInput,
  ReplaceTbSkuResult,
  TbSkuIdListInput,
  TbSkuRow,
  TbSkuRowInput,
  TbSkuSearchInput,
  TbSpuIdListInput,
} from '../contracts/mapping.js';
import { pageOf, post } from './define.js';

export const MAPPING_MENU = 'MENU_TBSKU_RELATION';
const access = { menu: MAPPING_MENU } as const;
const P = '/myhome/tbspu';

export const MappingCalls = {
  // ---- lists: the two tabs and the recycle bin ----------------------------------------------
  searchWaiting: post(`${P}/searchPageList/notComfired`, access, TbSkuSearchInput, pageOf(TbSkuRow)),
  searchConfirmed: post(`${P}/searchPageList/hasComfired`, access, TbSkuSearchInput, pageOf(TbSkuRow)),
  searchRecycleBin: post(`${P}/searchPageList/recycleBin`, access, TbSkuSearchInput, pageOf(TbSkuRow)),
  /** The stores of the domain, for the store filter and the hand-made online SKU. */
  storeOptions: post(`${P}/storeOptions`, access, undefined, z.array(MappingStoreOption)),

  // ---- mapping (the spec's spellings: comfire, unbund) -------------------------------------
  confirm: post(`${P}/comfireTbSku`, access, ConfirmTbSkuInput, TbSkuRow),
  confirmList: post(`${P}/comfireTbSkuList`, access, TbSkuIdListInput, BatchCountResult),
  matchAll: post(`${P}/matchAll`, access, MatchAllInput, MatchAllResult),
  /** replaceTbSku {tbSkuId (the platform SKU id), skuId, isUpdateNormalOrderDetail}. */
  replace: post(`${P}/replaceTbSku`, access, ReplaceTbSkuInput, ReplaceTbSkuResult),
  unbind: post(`${P}/unbundTbSku`, access, TbSkuRowInput, TbSkuRow),
  unbindItems: post(`${P}/batchUnbund4TbSpu`, access, TbSpuIdListInput, BatchCountResult),

  // ---- recycle bin ---------------------------------------------------------------------------
  remove: post(`${P}/deleteTbSku`, access, TbSkuRowInput, BatchCountResult),
  removeList: post(`${P}/deleteTbSkuList`, access, TbSkuIdListInput, BatchCountResult),
  restoreList: post(`${P}/restoreTbSkuList`, access, TbSkuIdListInput, BatchCountResult),

  // ---- system goods from and to online items -------------------------------------------------
  copyNames: post(`${P}/batchModifySpuFromTbSpu`, access, TbSpuIdListInput, CopyToGoodsResult),
  copyPictures: post(`${P}/batchModifySpuPicFromTbSpu`, access, TbSpuIdListInput, CopyToGoodsResult),
  createByHand: post(`${P}/createTbSkuByHand`, access, CreateTbSkuByHandInput, TbSkuRow),
  createSpu: post(`${P}/createSpuFromTbSpu`, access, CreateSpuFromTbSpuInput, CreateSpuFromTbSpuResult),
};
