// System notices over HTTP: the root account's calls, sellers' messages and read receipts, the
// emergency notice page; refusals and the domain boundary.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { seedDemoData } from '../../seed/demo.js';

let clock = new Date('2026-06-01T08:00:00Z');
const t = await createTestApp({ now: () => clock });
const SN = '/cloud/core/systemNotice';
const UN = '/cloud/core/userNotice';

let rootToken: string;
beforeAll(async () => {
  await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });
  rootToken = await t.token('root', 'Root#2026go');
});

async function seller(level = 'LITE') {
  const s = await t.factories.sellerDomain({ level });
  return { ...s, token: await t.token(s.loginName, s.password) };
}

// Sessions last 2 hours on the test clock: moves of the clock stay under that, or sign in again.
const window = (fromHours: number, toHours: number) => ({
  playStartTime: new Date(clock.getTime() + fromHours * 3600_000).toISOString(),
  playEndTime: new Date(clock.getTime() + toHours * 3600_000).toISOString(),
});

async function board(extra: Record<string, unknown> = {}) {
  const answer = await t.call(`${SN}/publishMessage`, { type: 'BOARD', title: 'Maintenance tonight', content: '<p>Down 01:00–02:00</p>', ...window(-1, 24), ...extra }, { token: rootToken });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data;
}

const messages = (token: string) => t.call(`${UN}/getUserMessage`, { currentPage: 1, pageSize: 1000 }, { token }).then((a) => a.body.data);
const needPlay = (token: string) => t.call(`${UN}/searchNeedPlayNotice`, {}, { token }).then((a) => a.body.data.voList as { id: number }[]);
const ids = (list: { id: number }[]) => list.map((m) => m.id);

describe('root publishes notices', () => {
  it('publishes a board notice every seller sees while it plays, with its content sanitised', async () => {
    const notice = await board({ content: '<p>Hello</p><script>alert(1)</script><img src="https://x.test/a.png" onerror="alert(1)">' });
    expect(notice).toMatchObject({ type: 'BOARD', status: 'PUBLISHED', playStatus: 'PLAYING', readCount: 0 });
    expect(notice.content).not.toMatch(/<script|onerror/);
    expect(notice.content).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const a = await seller();
    const list = await messages(a.token);
    expect(ids(list.voList)).toContain(notice.id);
    expect(list.voList.find((m: any) => m.id === notice.id)).toMatchObject({ unread: true, type: 'BOARD', title: 'Maintenance tonight' });
    expect(ids(await needPlay(a.token))).toContain(notice.id);
  });

  it('refuses a play window that ends before it starts, naming playEndTime, and stores nothing', async () => {
    const before = (await t.call(`${SN}/searchPageList`, { pageSize: 1000 }, { token: rootToken })).body.data.total;
    const answer = await t.call(`${SN}/publishMessage`, { type: 'NEWS', title: 'Backwards', content: 'x', ...window(5, 1) }, { token: rootToken });
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe('ERR_VALIDATION');
    expect(answer.body.fields?.map((f) => f.field)).toContain('playEndTime');
    expect((await t.call(`${SN}/searchPageList`, { pageSize: 1000 }, { token: rootToken })).body.data.total).toBe(before);
  });

  it('refuses a title, type or date that is missing or wrong, naming the field', async () => {
    const answer = await t.call(`${SN}/publishMessage`, { type: 'POPUP', title: '', content: 'x', playStartTime: 'soon', playEndTime: '2026-06-02 00:00:00' }, { token: rootToken });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.map((f) => f.field)).toEqual(expect.arrayContaining(['type', 'title', 'playStartTime']));
  });

  it('refuses content that is empty once the unsafe HTML is gone', async () => {
    const answer = await t.call(`${SN}/publishMessage`, { type: 'NEWS', title: 'Empty', content: '<img src="javascript:alert(1)">', ...window(0, 1) }, { token: rootToken });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[0]?.field).toBe('content');
  });

  it('refuses a directional notice for an unknown domain, naming the entry, and stores nothing', async () => {
    const a = await seller();
    const before = (await t.call(`${SN}/searchPageList`, { type: 'DIRECTIONAL', pageSize: 1000 }, { token: rootToken })).body.data.total;
    const answer = await t.call(`${SN}/publishDirectNotice`, { title: 'To nobody', content: 'x', directDomainIds: [a.domainId, 987654321], ...window(0, 1) }, { token: rootToken });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[0]).toMatchObject({ field: 'directDomainIds.1' });
    expect(answer.body.fields?.[0]?.message).toContain('987654321');
    expect((await t.call(`${SN}/searchPageList`, { type: 'DIRECTIONAL', pageSize: 1000 }, { token: rootToken })).body.data.total).toBe(before);
  });

  it('refuses a directional notice with neither domains nor tiers', async () => {
    const answer = await t.call(`${SN}/publishDirectNotice`, { title: 'To all?', content: 'x', ...window(0, 1) }, { token: rootToken });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[0]?.field).toBe('directDomainIds');
  });

  it('keeps a draft from every seller until it is published', async () => {
    const a = await seller();
    const draft = await board({ title: 'Draft', publish: false });
    expect(draft).toMatchObject({ status: 'DRAFT', playStatus: 'DRAFT', publishTime: null });
    expect(ids((await messages(a.token)).voList)).not.toContain(draft.id);
    const published = await board({ id: draft.id, version: draft.version, title: 'Draft now out' });
    expect(published).toMatchObject({ id: draft.id, status: 'PUBLISHED', title: 'Draft now out' });
    expect(ids((await messages(a.token)).voList)).toContain(draft.id);
  });

  it('refuses a change with a stale version', async () => {
    const notice = await board();
    await board({ id: notice.id, version: notice.version, title: 'Changed once' });
    const stale = await t.call(`${SN}/publishMessage`, { id: notice.id, version: notice.version, type: 'BOARD', title: 'Changed twice', content: 'x', ...window(0, 1) }, { token: rootToken });
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
  });

  it('refuses to turn a board notice into a directional one', async () => {
    const a = await seller();
    const notice = await board();
    const answer = await t.call(`${SN}/publishDirectNotice`, { id: notice.id, version: notice.version, title: 'x', content: 'x', directDomainIds: [a.domainId], ...window(0, 1) }, { token: rootToken });
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe('ERR_NOTICE_WRONG_CALL_FOR_TYPE');
  });

  it('lists notices by play status and keyword', async () => {
    const waiting = await board({ title: 'Tomorrow only', ...window(24, 48) });
    const found = await t.call(`${SN}/searchPageList`, { playStatus: 'WAITING', keyword: 'Tomorrow only' }, { token: rootToken });
    expect(ids(found.body.data.voList)).toEqual([waiting.id]);
    const playing = await t.call(`${SN}/searchPageList`, { playStatus: 'PLAYING', keyword: 'Tomorrow only' }, { token: rootToken });
    expect(playing.body.data.voList).toEqual([]);
  });
});

describe('directional notices', () => {
  it('are seen by the chosen domain only, during their window', async () => {
    const a = await seller();
    const b = await seller();
    const published = await t.call(`${SN}/publishDirectNotice`, { title: 'For A only', content: '<p>Hi A</p>', directDomainIds: [a.domainId], ...window(0.25, 0.75) }, { token: rootToken });
    expect(published.body.success).toBe(true);
    const notice = published.body.data;
    expect(notice).toMatchObject({ type: 'DIRECTIONAL', playStatus: 'WAITING', directDomainIds: [a.domainId] });
    // Before its window nobody sees it.
    expect(ids((await messages(a.token)).voList)).not.toContain(notice.id);
    clock = new Date(clock.getTime() + 0.5 * 3600_000);
    try {
      expect(ids((await messages(a.token)).voList)).toContain(notice.id);
      expect(ids(await needPlay(a.token))).toContain(notice.id);
      expect(ids((await messages(b.token)).voList)).not.toContain(notice.id);
      expect(ids(await needPlay(b.token))).not.toContain(notice.id);
      // B can neither read it nor find it in its history.
      const read = await t.call(`${UN}/readMessage`, { noticeId: notice.id }, { token: b.token });
      expect(read.status).toBe(404);
      const history = await t.call(`${UN}/searchHistoryNotice`, { pageSize: 1000 }, { token: b.token });
      expect(ids(history.body.data.voList)).not.toContain(notice.id);
    } finally {
      clock = new Date(clock.getTime() - 0.5 * 3600_000);
    }
    // After its window it is history, not a message.
    clock = new Date(clock.getTime() + 1 * 3600_000);
    try {
      expect(ids((await messages(a.token)).voList)).not.toContain(notice.id);
      const history = await t.call(`${UN}/searchHistoryNotice`, { pageSize: 1000 }, { token: a.token });
      expect(ids(history.body.data.voList)).toContain(notice.id);
    } finally {
      clock = new Date(clock.getTime() - 1 * 3600_000);
    }
  });

  it('reach every domain of a chosen tier', async () => {
    const pro = await seller('PRO');
    const lite = await seller('LITE');
    const answer = await t.call(`${SN}/publishDirectNotice`, { title: 'PRO news', content: 'x', directLevels: ['PRO'], ...window(-1, 1) }, { token: rootToken });
    expect(answer.body.success).toBe(true);
    expect(ids((await messages(pro.token)).voList)).toContain(answer.body.data.id);
    expect(ids((await messages(lite.token)).voList)).not.toContain(answer.body.data.id);
  });
});

describe('reading messages', () => {
  it('counts one read per account, drops the unread count and stops playing a ONCE notice', async () => {
    const a = await seller();
    const sub = await t.factories.subAccount(a.domainId, { menus: ['MENU_ERPSO'] });
    const subToken = await t.token(sub.loginName, sub.password);
    const notice = await board({ title: 'Read me' });
    const before = (await messages(a.token)).unreadCount;
    expect((await t.call(`${UN}/readMessage`, { noticeId: notice.id }, { token: a.token })).body.success).toBe(true);
    expect((await t.call(`${UN}/readMessage`, { noticeId: notice.id }, { token: a.token })).body.success).toBe(true);
    const after = await messages(a.token);
    expect(after.unreadCount).toBe(before - 1);
    expect(after.voList.find((m: any) => m.id === notice.id).unread).toBe(false);
    expect(ids(await needPlay(a.token))).not.toContain(notice.id);
    // The sub-account has its own receipt.
    expect(ids(await needPlay(subToken))).toContain(notice.id);
    await t.call(`${UN}/readMessage`, { noticeId: notice.id }, { token: subToken });
    const row = (await t.call(`${SN}/searchPageList`, { keyword: 'Read me', pageSize: 100 }, { token: rootToken })).body.data.voList.find((r: any) => r.id === notice.id);
    expect(row.readCount).toBe(2);
    const history = await t.call(`${UN}/searchHistoryNotice`, { pageSize: 1000 }, { token: a.token });
    expect(history.body.data.voList.find((m: any) => m.id === notice.id).readTime).toBe(clock.toISOString());
  });

  it('plays a DAILY notice again once a day has passed since it was read', async () => {
    const a = await seller();
    const notice = await board({ title: 'Daily', playFrequency: 'DAILY', ...window(-1, 72) });
    await t.call(`${UN}/readMessage`, { noticeId: notice.id }, { token: a.token });
    expect(ids(await needPlay(a.token))).not.toContain(notice.id);
    clock = new Date(clock.getTime() + 25 * 3600_000);
    try {
      expect(ids(await needPlay(await t.token(a.loginName, a.password)))).toContain(notice.id);
    } finally {
      clock = new Date(clock.getTime() - 25 * 3600_000);
    }
  });

  it('does not play news in the announcement modal, but lists it', async () => {
    const a = await seller();
    const news = await board({ type: 'NEWS', title: 'News' });
    expect(ids((await messages(a.token)).voList)).toContain(news.id);
    expect(ids(await needPlay(a.token))).not.toContain(news.id);
  });

  it('refuses to read a notice that does not exist or is not published', async () => {
    const a = await seller();
    const draft = await board({ publish: false });
    expect((await t.call(`${UN}/readMessage`, { noticeId: draft.id }, { token: a.token })).status).toBe(404);
    expect((await t.call(`${UN}/readMessage`, { noticeId: 99999999 }, { token: a.token })).status).toBe(404);
    const bad = await t.call(`${UN}/readMessage`, { noticeId: 'one' }, { token: a.token });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.[0]?.field).toBe('noticeId');
  });

  it('gives the root account no messages, and nobody signed out any', async () => {
    expect((await messages(rootToken)).voList).toEqual([]);
    expect((await t.call(`${UN}/getUserMessage`, {})).status).toBe(401);
  });
});

describe('stop play and delete', () => {
  it('stops a notice playing; it stays in history but plays no more', async () => {
    const a = await seller();
    const notice = await board({ title: 'Stop me' });
    const stopped = await t.call(`${SN}/stopPlay`, { id: notice.id, version: notice.version }, { token: rootToken });
    expect(stopped.body.data).toMatchObject({ status: 'STOPPED', playStatus: 'STOPPED' });
    expect(ids((await messages(a.token)).voList)).not.toContain(notice.id);
    expect(ids(await needPlay(a.token))).not.toContain(notice.id);
    expect(ids((await t.call(`${UN}/searchHistoryNotice`, { pageSize: 1000 }, { token: a.token })).body.data.voList)).toContain(notice.id);
    const again = await t.call(`${SN}/stopPlay`, { id: notice.id, version: stopped.body.data.version }, { token: rootToken });
    expect(again.body.errorCode).toBe('ERR_NOTICE_NOT_PUBLISHED');
  });

  it('deletes a notice with its read receipts, by the id in the query', async () => {
    const a = await seller();
    const notice = await board({ title: 'Delete me' });
    await t.call(`${UN}/readMessage`, { noticeId: notice.id }, { token: a.token });
    const deleted = await t.call(`${SN}/delete?id=${notice.id}`, {}, { token: rootToken });
    expect(deleted.body.success).toBe(true);
    expect(ids((await messages(a.token)).voList)).not.toContain(notice.id);
    const { rows } = await t.database.pool.query('select count(*)::int as n from system_notice_reads where domain_id = $1 and notice_id = $2', [a.domainId, notice.id]);
    expect(rows[0].n).toBe(0);
    expect((await t.call(`${SN}/delete?id=${notice.id}`, {}, { token: rootToken })).status).toBe(404);
    expect((await t.call(`${SN}/delete?id=abc`, {}, { token: rootToken })).status).toBe(400);
  });
});

describe('root calls are for the root account only', () => {
  it('refuses every systemNotice call to a seller and changes nothing', async () => {
    const a = await seller();
    const notice = await board({ title: 'Untouchable' });
    const calls: [string, unknown][] = [
      [`${SN}/publishMessage`, { type: 'BOARD', title: 'x', content: 'x', ...window(0, 1) }],
      [`${SN}/publishDirectNotice`, { title: 'x', content: 'x', directDomainIds: [a.domainId], ...window(0, 1) }],
      [`${SN}/searchPageList`, {}],
      [`${SN}/stopPlay`, { id: notice.id, version: notice.version }],
      [`${SN}/delete?id=${notice.id}`, {}],
      [`${SN}/previewContent`, { content: 'x' }],
      [`${SN}/getEmergencyNotice`, {}],
      [`${SN}/saveEmergencyNotice`, { enabled: true, content: 'x', version: 0 }],
    ];
    for (const [path, body] of calls) {
      const answer = await t.call(path, body, { token: a.token });
      expect(answer.status, path).toBe(403);
    }
    const row = (await t.call(`${SN}/searchPageList`, { keyword: 'Untouchable' }, { token: rootToken })).body.data.voList[0];
    expect(row).toMatchObject({ id: notice.id, status: 'PUBLISHED', version: notice.version });
  });
});

describe('content preview and the emergency notice page', () => {
  it('previews content as it will be stored', async () => {
    const answer = await t.call(`${SN}/previewContent`, { content: '<b onclick="x()">Bold</b><script>1</script>' }, { token: rootToken });
    expect(answer.body.data.content).toBe('<b>Bold</b>&lt;script&gt;1&lt;/script&gt;');
  });

  it('serves the emergency page root saves, sanitised, and nothing when it is off', async () => {
    const empty = await fetch(`${t.baseUrl}/html/emergencyNotice.html`);
    expect(empty.status).toBe(204);
    const current = (await t.call(`${SN}/getEmergencyNotice`, {}, { token: rootToken })).body.data;
    const saved = await t.call(`${SN}/saveEmergencyNotice`, { enabled: true, content: '<h2>Outage</h2><script>steal()</script>', version: current.version }, { token: rootToken });
    expect(saved.body.data).toMatchObject({ enabled: true, version: current.version + 1 });
    const page = await fetch(`${t.baseUrl}/html/emergencyNotice.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<h2>Outage</h2>');
    expect(html).not.toContain('<script');
    const stale = await t.call(`${SN}/saveEmergencyNotice`, { enabled: false, content: '', version: current.version }, { token: rootToken });
    expect(stale.status).toBe(409);
    const emptyOn = await t.call(`${SN}/saveEmergencyNotice`, { enabled: true, content: '', version: saved.body.data.version }, { token: rootToken });
    expect(emptyOn.body.fields?.[0]?.field).toBe('content');
    await t.call(`${SN}/saveEmergencyNotice`, { enabled: false, content: '<h2>Outage</h2>', version: saved.body.data.version }, { token: rootToken });
    expect((await fetch(`${t.baseUrl}/html/emergencyNotice.html`)).status).toBe(204);
  });
});
