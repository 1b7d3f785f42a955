// Order command calls under /myhome/erpsoh (spec 02 §7.10; menu MENU_ERPSO). Handlers only
// translate: the service runs each order in its own transaction.
import {
  AddOrderSkuInput,
  ConvertOrdersInput,
  DeleteOrderSkuInput,
  IdInput,
  MergeOrdersInput,
  OrderBatchInput,
  OrderCommandInput,
  RefreshStockOutInput,
  ReplaceOrderSkuInput,
  SplitOrderInput,
  SplitOutOfStockInput,
  UpdateOrderExpressInput,
  UpdateOrderReceiverInput,
  UpdateOrderWarehouseInput,
  UpdateSellerFlagInput,
  VerifyOrdersInput,
} from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import type { OrderCommandsService } from './commands.service.js';

export const ORDER_COMMANDS_ACCESS = { menu: 'MENU_ERPSO' } as const;

export function registerOrderCommandRoutes(app: FastifyInstance, http: Http, service: OrderCommandsService): void {
  const base = '/myhome/erpsoh';
  const access = ORDER_COMMANDS_ACCESS;
  http.route(app, { url: `${base}/verify`, access, input: VerifyOrdersInput, handler: (c) => service.verify(c.session, c.language, c.input) });
  http.route(app, { url: `${base}/cancelVerify`, access, input: OrderBatchInput, handler: (c) => service.cancelVerify(c.session, c.language, c.input) });
  http.route(app, { url: `${base}/lock`, access, input: OrderBatchInput, handler: (c) => service.lock(c.session, c.language, c.input) });
  http.route(app, { url: `${base}/unlock`, access, input: OrderBatchInput, handler: (c) => service.unlock(c.session, c.language, c.input) });
  http.route(app, { url: `${base}/close`, access, input: OrderBatchInput, handler: (c) => service.close(c.session, c.language, c.input) });
  http.route(app, { url: `${base}/cancelClose`, access, input: OrderBatchInput, handler: (c) => service.cancelClose(c.session, c.language, c.input) });
  http.route(app, { url: `${base}/merge`, access, input: MergeOrdersInput, handler: (c) => service.merge(c.session, c.input) });
  http.route(app, { url: `${base}/cancelMerge`, access, input: OrderCommandInput, handler: (c) => service.cancelMerge(c.session, c.input) });
  http.route(app, { url: `${base}/getMergeSoList`, access, input: IdInput, handler: (c) => service.getMergeSoList(c.session, c.input) });
  http.route(app, { url: `${base}/split`, access, input: SplitOrderInput, handler: (c) => service.split(c.session, c.input) });
  http.route(app, { url: `${base}/cancelSplit`, access, input: OrderCommandInput, handler: (c) => service.cancelSplit(c.session, c.input) });
  http.route(app, { url: `${base}/splitOutOfStock`, access, input: SplitOutOfStockInput, handler: (c) => service.splitOutOfStock(c.session, c.input) });
  http.route(app, { url: `${base}/refreshStockOut`, access, input: RefreshStockOutInput, handler: (c) => service.refreshStockOut(c.session, c.input) });
  http.route(app, { url: `${base}/convert`, access, input: ConvertOrdersInput, handler: (c) => service.convert(c.session, c.language, c.input) });
  http.route(app, { url: `${base}/updateExpress`, access, input: UpdateOrderExpressInput, handler: (c) => service.updateExpress(c.session, c.language, c.input) });
  http.route(app, { url: `${base}/updateReceiver`, access, input: UpdateOrderReceiverInput, handler: (c) => service.updateReceiver(c.session, c.input) });
  http.route(app, { url: `${base}/updateWarehouse`, access, input: UpdateOrderWarehouseInput, handler: (c) => service.updateWarehouse(c.session, c.language, c.input) });
  http.route(app, { url: `${base}/addSku`, access, input: AddOrderSkuInput, handler: (c) => service.addSku(c.session, c.input) });
  http.route(app, { url: `${base}/deleteSku`, access, input: DeleteOrderSkuInput, handler: (c) => service.deleteSku(c.session, c.input) });
  http.route(app, { url: `${base}/replaceSku`, access, input: ReplaceOrderSkuInput, handler: (c) => service.replaceSku(c.session, c.input) });
  http.route(app, { url: `${base}/updateSellerFlag`, access, input: UpdateSellerFlagInput, handler: (c) => service.updateSellerFlag(c.session, c.language, c.input) });
  http.route(app, { url: `${base}/recycleExpressNo`, access, input: OrderBatchInput, handler: (c) => service.recycleExpressNo(c.session, c.language, c.input) });
  http.route(app, { url: `${base}/releaseRisk`, access, input: OrderBatchInput, handler: (c) => service.releaseRisk(c.session, c.language, c.input) });
}
