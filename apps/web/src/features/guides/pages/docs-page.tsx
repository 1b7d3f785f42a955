// The help centre (spec 01 §2.1 /docs and its sub-routes getting-started, video, tutorial, issues,
// changeLog, searchResult): readable signed out. Each section is a tree of the root account's
// manuals on the left and the chosen entry on the right; issues lists the common questions; the
// search box leads to searchResult. Chinese manuals for Chinese, English ones for other languages.
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Collapse, Empty, Input, Layout, List, Menu, Pagination, Result, Row, Skeleton, Space, Typography } from 'antd';
import { FileTextOutlined, FolderOutlined, PaperClipOutlined, PlayCircleOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ManualDetail, ManualNode, ManualSection } from '@openseller/core';
import { accessToken } from '../../../app/auth-store';
import { useSiteInfo } from '../../../app/site';
import { DateTime } from '../../../ui/relative-time';
import { NoticeHtml } from '../../notices/components/notice-html';
import { guideKeys, guidesApi, manualLangOf } from '../api';

/** The /docs sub-routes and the section each shows. */
export const DOCS_SECTIONS: readonly { sub: string; section: ManualSection }[] = [
  { sub: 'getting-started', section: 'GETTING_STARTED' },
  { sub: 'tutorial', section: 'TUTORIAL' },
  { sub: 'video', section: 'VIDEO' },
  { sub: 'issues', section: 'ISSUES' },
  { sub: 'changeLog', section: 'CHANGELOG' },
];

const firstLeaf = (nodes: ManualNode[]): ManualNode | undefined => {
  for (const n of nodes) {
    if (n.kind !== 'DIR') return n;
    const inner = firstLeaf(n.children);
    if (inner) return inner;
  }
  return undefined;
};

type MenuItem = { key: string; label: string; icon: ReactNode; children?: MenuItem[] };

const iconOf = (kind: ManualNode['kind']) => (kind === 'DIR' ? <FolderOutlined /> : kind === 'VIDEO' ? <PlayCircleOutlined /> : kind === 'FAQ' ? <QuestionCircleOutlined /> : <FileTextOutlined />);
const menuItems = (nodes: ManualNode[]): MenuItem[] =>
  nodes.map((n) => (n.kind === 'DIR' ? { key: `dir-${n.id}`, label: n.title, icon: iconOf(n.kind), children: menuItems(n.children) } : { key: String(n.id), label: n.title, icon: iconOf(n.kind) }));
const dirKeys = (nodes: ManualNode[]): string[] => nodes.flatMap((n) => (n.kind === 'DIR' ? [`dir-${n.id}`, ...dirKeys(n.children)] : []));

export default function DocsPage() {
  const { t, i18n } = useTranslation('guides');
  const site = useSiteInfo();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const lang = manualLangOf(i18n.language);
  const sub = location.pathname.replace(/^\/docs\/?/, '').split('/')[0] || 'getting-started';
  const known = sub === 'searchResult' || DOCS_SECTIONS.some((s) => s.sub === sub);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, background: '#001529' }}>
        <Link to="/docs/getting-started" style={{ color: '#fff', fontSize: 18, fontWeight: 600, whiteSpace: 'nowrap' }}>
          {t('docs.title', { site: site?.siteTitle ?? 'OpenSeller' })}
        </Link>
        <Menu
          theme="dark"
          mode="horizontal"
          style={{ flex: 1, minWidth: 0 }}
          selectedKeys={[sub]}
          items={DOCS_SECTIONS.map((s) => ({ key: s.sub, label: <Link to={`/docs/${s.sub}`}>{t(`docs.sections.${s.section}`)}</Link> }))}
        />
        <Input.Search
          aria-label={t('docs.search')}
          placeholder={t('docs.search')}
          defaultValue={sub === 'searchResult' ? (params.get('keyword') ?? '') : ''}
          key={sub === 'searchResult' ? params.get('keyword') : 'search'}
          allowClear
          style={{ width: 260 }}
          onSearch={(v) => v.trim() && navigate(`/docs/searchResult?keyword=${encodeURIComponent(v.trim())}`)}
        />
        <Link to={accessToken() ? '/' : '/login'} style={{ color: '#fff', whiteSpace: 'nowrap' }}>
          {accessToken() ? t('docs.backToApp') : t('docs.signIn')}
        </Link>
      </Layout.Header>
      <Layout.Content style={{ maxWidth: 1200, width: '100%', margin: '0 auto', padding: 24 }}>
        {!known ? (
          <Result status="404" title={t('docs.notFound')} extra={<Link to="/docs/getting-started">{t('docs.sections.GETTING_STARTED')}</Link>} />
        ) : sub === 'searchResult' ? (
          <SearchResults lang={lang} keyword={params.get('keyword') ?? ''} />
        ) : sub === 'issues' ? (
          <Questions lang={lang} />
        ) : (
          <Section lang={lang} section={DOCS_SECTIONS.find((s) => s.sub === sub)!.section} />
        )}
      </Layout.Content>
    </Layout>
  );
}

function Section({ lang, section }: { lang: 'zh' | 'en'; section: ManualSection }) {
  const { t } = useTranslation('guides');
  const [params, setParams] = useSearchParams();
  const tree = useQuery({ queryKey: guideKeys.openTree(lang, section), queryFn: () => guidesApi.openTree(lang, section) });
  const chosen = Number(params.get('id')) || firstLeaf(tree.data ?? [])?.id;
  if (tree.isPending) return <Skeleton active />;
  if (tree.isError) return <Alert type="error" showIcon message={t('docs.loadFailed')} action={<Button onClick={() => tree.refetch()}>{t('common:actions.retry')}</Button>} />;
  if (!tree.data.length) return <Empty description={t(`docs.empty.${section}`)} />;
  return (
    <Row gutter={24}>
      <Col xs={24} md={7}>
        <Card size="small" styles={{ body: { padding: 4 } }}>
          <Menu
            mode="inline"
            aria-label={t('docs.topics')}
            style={{ borderInlineEnd: 'none' }}
            defaultOpenKeys={dirKeys(tree.data)}
            selectedKeys={chosen ? [String(chosen)] : []}
            items={menuItems(tree.data)}
            onClick={({ key }) => setParams({ id: key })}
          />
        </Card>
      </Col>
      <Col xs={24} md={17}>{chosen ? <Entry id={chosen} /> : <Empty description={t('docs.choose')} />}</Col>
    </Row>
  );
}

function Entry({ id }: { id: number }) {
  const { t } = useTranslation('guides');
  const entry = useQuery({ queryKey: guideKeys.openEntry(id), queryFn: () => guidesApi.openGet(id), retry: false });
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);
  if (entry.isPending) return <Skeleton active />;
  if (entry.isError) return <Empty description={t('docs.entryMissing')} />;
  return <EntryView entry={entry.data} />;
}

function EntryView({ entry }: { entry: ManualDetail }) {
  const { t } = useTranslation('guides');
  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {entry.title}
      </Typography.Title>
      <Typography.Text type="secondary">
        {t('docs.updated')} <DateTime value={entry.updatedAt} />
      </Typography.Text>
      {entry.kind === 'VIDEO' && entry.videoUrl && <VideoView url={entry.videoUrl} title={entry.title} />}
      {entry.content && <NoticeHtml html={entry.content} className="os-manual-html" />}
      {entry.attachments.length > 0 && (
        <List
          size="small"
          header={<b>{t('docs.attachments')}</b>}
          dataSource={entry.attachments}
          renderItem={(a) => (
            <List.Item>
              <a href={a.url.startsWith('/') ? `#${a.url}` : a.url} target={a.url.startsWith('/') ? undefined : '_blank'} rel="noopener noreferrer">
                <PaperClipOutlined /> {a.name}
              </a>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** A video file plays here; any other address (a video site's page) opens in a new tab. */
function VideoView({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('guides');
  if (/\.(mp4|webm|ogg)(\?.*)?$/i.test(url)) return <video src={url} controls style={{ width: '100%', margin: '16px 0', background: '#000' }} aria-label={title} />;
  return (
    <Typography.Paragraph style={{ margin: '16px 0' }}>
      <a href={url} target="_blank" rel="noopener noreferrer">
        <PlayCircleOutlined /> {t('docs.watch')}
      </a>
    </Typography.Paragraph>
  );
}

function Questions({ lang }: { lang: 'zh' | 'en' }) {
  const { t } = useTranslation('guides');
  const faq = useQuery({ queryKey: guideKeys.openFaq(lang), queryFn: () => guidesApi.openFaq(lang) });
  if (faq.isPending) return <Skeleton active />;
  if (faq.isError) return <Alert type="error" showIcon message={t('docs.loadFailed')} />;
  if (!faq.data.voList.length) return <Empty description={t('docs.empty.ISSUES')} />;
  return (
    <Card title={t('docs.sections.ISSUES')}>
      <Collapse items={faq.data.voList.map((q) => ({ key: q.id, label: q.title, children: <NoticeHtml html={q.content} /> }))} />
    </Card>
  );
}

function SearchResults({ lang, keyword }: { lang: 'zh' | 'en'; keyword: string }) {
  const { t } = useTranslation('guides');
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page')) || 1;
  const result = useQuery({ queryKey: guideKeys.openSearch(lang, keyword, page), queryFn: () => guidesApi.openSearch(lang, keyword, page), enabled: !!keyword.trim(), placeholderData: (p) => p });
  if (!keyword.trim()) return <Empty description={t('docs.typeToSearch')} />;
  const subOf = (section: ManualSection) => DOCS_SECTIONS.find((s) => s.section === section)!.sub;
  return (
    <Card title={t('docs.resultsFor', { keyword })} loading={result.isPending}>
      {result.isError ? (
        <Alert type="error" showIcon message={t('docs.loadFailed')} />
      ) : !result.data?.voList.length ? (
        <Empty description={t('docs.noResults')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <List
            dataSource={result.data.voList}
            renderItem={(r) => (
              <List.Item>
                <List.Item.Meta
                  title={<Link to={r.section === 'ISSUES' ? '/docs/issues' : `/docs/${subOf(r.section)}?id=${r.id}`}>{r.title}</Link>}
                  description={
                    <>
                      <Typography.Text type="secondary">{t(`docs.sections.${r.section}`)}</Typography.Text> · {r.excerpt}
                    </>
                  }
                />
              </List.Item>
            )}
          />
          <Pagination current={page} pageSize={20} total={result.data.total} onChange={(p) => setParams({ keyword, page: String(p) })} showSizeChanger={false} />
        </Space>
      )}
    </Card>
  );
}
