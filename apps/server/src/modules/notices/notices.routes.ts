// systemNotice and userNotice calls (spec 02 §7.15) and the emergency notice page (01 §2.4), from
// the route catalogue. Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { EmergencyNoticePageCalls, SystemNoticeCalls, UserNoticeCalls } from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { NoticesService } from './notices.service.js';

const PAGE_TITLE = { zh: '紧急通知', en: 'Emergency notice' };

export function registerNoticesRoutes(app: FastifyInstance, http: Http, notices: NoticesService): void {
  http.serve(app, SystemNoticeCalls, {
    publishMessage: (c) => notices.publishMessage(c.session, c.input),
    publishDirectNotice: (c) => notices.publishDirectNotice(c.session, c.input),
    searchPageList: (c) => notices.search(c.input),
    stopPlay: (c) => notices.stopPlay(c.input),
    delete: async (c) => {
      await notices.remove(c.input.id);
      return null;
    },
    previewContent: (c) => notices.previewContent(c.input.content),
    getEmergencyNotice: () => notices.emergencyNotice(),
    saveEmergencyNotice: (c) => notices.saveEmergencyNotice(c.session, c.input),
  });

  http.serve(app, UserNoticeCalls, {
    getUserMessage: (c) => notices.userMessages(c.session, c.input),
    searchNeedPlayNotice: (c) => notices.needPlay(c.session),
    searchHistoryNotice: (c) => notices.history(c.session, c.input),
    readMessage: async (c) => {
      await notices.read(c.session, c.input.noticeId);
      return null;
    },
  });

  // The page holds HTML sanitised when it was saved; scripts could not run even if one slipped
  // through (the policy allows none). No notice shown: 204, nothing to display.
  http.serve(app, EmergencyNoticePageCalls, {
    page: async (c) => {
      const html = await notices.emergencyPageHtml();
      c.reply.header('cache-control', 'no-cache').header('content-security-policy', "default-src 'none'; img-src https: http:; style-src 'unsafe-inline'; frame-ancestors 'self'");
      if (html === null) return c.reply.code(204).send();
      const title = c.language === 'zh' || c.language === 'zh_TW' ? PAGE_TITLE.zh : PAGE_TITLE.en;
      return c.reply
        .type('text/html; charset=utf-8')
        .send(`<!doctype html>\n<html><head><meta charset="utf-8"><title>${title}</title></head><body>${html}</body></html>`);
    },
  });
}
