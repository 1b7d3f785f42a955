// The spec's paths of online goods mapping (spec 02 §7.4), all under MENU_TBSKU_RELATION.
// Handlers only translate.
import type { FastifyInstance } from 'fastify';
import {
  ConfirmTbSkuInput,
  CreateSpuFromTbSpuInput,
  CreateTbSkuByHandInput,
  MatchAllInput,
  ReplaceTbSkuInput,
  TbSkuIdListInput,
  TbSkuRowInput,
  TbSkuSearchInput,
  TbSpuIdListInput,
} from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { MappingService } from './mapping.service.js';
import type { CreateSpuFromOnlineItem } from './mapping.goods.js';

export const MAPPING_MENU = 'MENU_TBSKU_RELATION';
const access = { menu: MAPPING_MENU } as const;
const BASE = '/myhome/tbspu';

export function registerMappingRoutes(app: FastifyInstance, http: Http, deps: { mapping: MappingService; createSpu: CreateSpuFromOnlineItem }): void {
  const { mapping } = deps;

  // ---- lists: the two tabs and the recycle bin ----------------------------------------------
  http.route(app, { url: `${BASE}/searchPageList/notComfired`, access, input: TbSkuSearchInput, handler: (c) => mapping.search(c.session, 'wait', c.input) });
  http.route(app, { url: `${BASE}/searchPageList/hasComfired`, access, input: TbSkuSearchInput, handler: (c) => mapping.search(c.session, 'already', c.input) });
  http.route(app, { url: `${BASE}/searchPageList/recycleBin`, access, input: TbSkuSearchInput, handler: (c) => mapping.search(c.session, 'deleted', c.input) });
  /** The stores of the domain, for the store filter and the hand-made online SKU. */
  http.route(app, { url: `${BASE}/storeOptions`, access, handler: (c) => mapping.stores(c.session) });

  // ---- mapping -------------------------------------------------------------------------------
  http.route(app, { url: `${BASE}/comfireTbSku`, access, input: ConfirmTbSkuInput, handler: (c) => mapping.confirm(c.session, c.input) });
  http.route(app, { url: `${BASE}/comfireTbSkuList`, access, input: TbSkuIdListInput, handler: (c) => mapping.confirmList(c.session, c.input.idList) });
  http.route(app, {
    url: `${BASE}/matchAll`,
    access,
    input: MatchAllInput,
    handler: (c) => mapping.matchAll(c.session, c.input),
  });
  http.route(app, { url: `${BASE}/replaceTbSku`, access, input: ReplaceTbSkuInput, handler: (c) => mapping.replace(c.session, c.input) });
  http.route(app, { url: `${BASE}/unbundTbSku`, access, input: TbSkuRowInput, handler: (c) => mapping.unbind(c.session, c.input) });
  http.route(app, { url: `${BASE}/batchUnbund4TbSpu`, access, input: TbSpuIdListInput, handler: (c) => mapping.unbindItems(c.session, c.input.idList) });

  // ---- recycle bin ---------------------------------------------------------------------------
  http.route(app, { url: `${BASE}/deleteTbSku`, access, input: TbSkuRowInput, handler: (c) => mapping.remove(c.session, [c.input.id], c.input.version) });
  http.route(app, { url: `${BASE}/deleteTbSkuList`, access, input: TbSkuIdListInput, handler: (c) => mapping.remove(c.session, c.input.idList) });
  http.route(app, { url: `${BASE}/restoreTbSkuList`, access, input: TbSkuIdListInput, handler: (c) => mapping.restore(c.session, c.input.idList) });

  // ---- system goods from and to online items -------------------------------------------------
  http.route(app, { url: `${BASE}/batchModifySpuFromTbSpu`, access, input: TbSpuIdListInput, handler: (c) => mapping.copyNames(c.session, c.input.idList) });
  http.route(app, {
    url: `${BASE}/batchModifySpuPicFromTbSpu`,
    access,
    input: TbSpuIdListInput,
    handler: (c) => mapping.copyPictures(c.session, c.input.idList),
  });
  http.route(app, { url: `${BASE}/createTbSkuByHand`, access, input: CreateTbSkuByHandInput, handler: (c) => mapping.createByHand(c.session, c.input) });
  http.route(app, { url: `${BASE}/createSpuFromTbSpu`, access, input: CreateSpuFromTbSpuInput, handler: (c) => deps.createSpu(c.session, c.input, c.language) });
}
