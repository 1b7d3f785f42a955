// Online goods mapping (spec 02 §7.4), from the route catalogue (MappingCalls), all under
// MENU_TBSKU_RELATION. Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { MappingCalls } from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { CreateSpuFromOnlineItem } from './mapping.goods.js';
import type { MappingService } from './mapping.service.js';

export function registerMappingRoutes(app: FastifyInstance, http: Http, deps: { mapping: MappingService; createSpu: CreateSpuFromOnlineItem }): void {
  const { mapping } = deps;
  http.serve(app, MappingCalls, {
    searchWaiting: (c) => mapping.search(c.session, 'wait', c.input),
    searchConfirmed: (c) => mapping.search(c.session, 'already', c.input),
    searchRecycleBin: (c) => mapping.search(c.session, 'deleted', c.input),
    storeOptions: (c) => mapping.stores(c.session),

    confirm: (c) => mapping.confirm(c.session, c.input),
    confirmList: (c) => mapping.confirmList(c.session, c.input.idList),
    matchAll: (c) => mapping.matchAll(c.session, c.input),
    replace: (c) => mapping.replace(c.session, c.input),
    unbind: (c) => mapping.unbind(c.session, c.input),
    unbindItems: (c) => mapping.unbindItems(c.session, c.input.idList),

    remove: (c) => mapping.remove(c.session, [c.input.id], c.input.version),
    removeList: (c) => mapping.remove(c.session, c.input.idList),
    restoreList: (c) => mapping.restore(c.session, c.input.idList),

    copyNames: (c) => mapping.copyNames(c.session, c.input.idList),
    copyPictures: (c) => mapping.copyPictures(c.session, c.input.idList),
    createByHand: (c) => mapping.createByHand(c.session, c.input),
    createSpu: (c) => deps.createSpu(c.session, c.input, c.language),
  });
}
