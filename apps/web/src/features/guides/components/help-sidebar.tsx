// The floating help sidebar (spec 01 §4.9): help centre, contact customer service, beginner guide
// and feedback, draggable up and down the right edge (its place kept in this browser). It rests
// docked as a narrow tab in the page's right margin, so it never covers a table's last column
// (issue 20, at 1440 px), and opens on a click. Contact and
// feedback request a chat token first, as the spec says; this installation has no vendor desk, so
// they then say what the owner can do instead. The sidebar also shows the page's guide popover
// once per guidance id (PageGuide).
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Tooltip } from 'antd';
import { BookOutlined, CloseOutlined, CommentOutlined, CustomerServiceOutlined, DragOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ServiceModal } from '../../../app/layout/service-modal';
import { guidesApi } from '../api';
import { PageGuide } from './page-guide';

const POSITION_KEY = 'os.helpSidebar.top';
const SIDEBAR_STYLE = {
  position: 'fixed',
  right: 0,
  zIndex: 900,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: 4,
  background: 'var(--ant-color-bg-container, #fff)',
  borderRadius: '8px 0 0 8px',
  boxShadow: '0 2px 8px rgba(0, 0, 0, 0.15)',
} as const;

export function HelpSidebar({ seller }: { seller: boolean }) {
  const { t } = useTranslation('guides');
  const navigate = useNavigate();
  const [service, setService] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [top, setTop] = useState(() => Number(localStorage.getItem(POSITION_KEY)) || 240);
  const drag = useRef<{ startY: number; startTop: number } | null>(null);

  useEffect(() => {
    const move = (e: PointerEvent) => {
      if (!drag.current) return;
      const next = Math.min(Math.max(64, drag.current.startTop + e.clientY - drag.current.startY), window.innerHeight - 200);
      setTop(next);
    };
    const up = () => {
      if (!drag.current) return;
      drag.current = null;
      setTop((v) => {
        localStorage.setItem(POSITION_KEY, String(v));
        return v;
      });
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
  }, []);

  const contact = async (kind: 'online' | 'complaints') => {
    try {
      await guidesApi.csToken();
    } catch {
      // The modal says the same either way: no desk is connected.
    }
    setService(kind);
  };

  const openTab = (path: string) => window.open(`${window.location.pathname}#${path}`, '_blank', 'noopener');

  if (!open)
    return (
      <>
        <nav className="os-help-sidebar os-help-docked" style={{ top }} aria-label={t('sidebar.label')}>
          <button type="button" className="os-help-dock" aria-label={t('sidebar.open')} title={t('sidebar.open')} aria-expanded={false} onClick={() => setOpen(true)}>
            <QuestionCircleOutlined />
          </button>
        </nav>
        <ServiceModal kind={service} onClose={() => setService(null)} />
        {seller && <PageGuide />}
      </>
    );

  return (
    <>
      <nav className="os-help-sidebar" style={{ ...SIDEBAR_STYLE, top }} aria-label={t('sidebar.label')}>
        <Tooltip title={t('sidebar.close')} placement="left">
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('sidebar.close')} aria-expanded onClick={() => setOpen(false)} />
        </Tooltip>
        <Tooltip title={t('sidebar.drag')} placement="left">
          <Button
            type="text"
            size="small"
            icon={<DragOutlined />}
            aria-label={t('sidebar.drag')}
            style={{ cursor: 'ns-resize', touchAction: 'none' }}
            onPointerDown={(e) => {
              drag.current = { startY: e.clientY, startTop: top };
            }}
          />
        </Tooltip>
        <Tooltip title={t('sidebar.helpCentre')} placement="left">
          <Button type="text" icon={<QuestionCircleOutlined />} aria-label={t('sidebar.helpCentre')} onClick={() => openTab('/docs')} />
        </Tooltip>
        <Tooltip title={t('sidebar.contact')} placement="left">
          <Button type="text" icon={<CustomerServiceOutlined />} aria-label={t('sidebar.contact')} onClick={() => void contact('online')} />
        </Tooltip>
        <Tooltip title={t('sidebar.beginner')} placement="left">
          <Button type="text" icon={<BookOutlined />} aria-label={t('sidebar.beginner')} onClick={() => (seller ? navigate('/') : openTab('/docs/getting-started'))} />
        </Tooltip>
        <Tooltip title={t('sidebar.feedback')} placement="left">
          <Button type="text" icon={<CommentOutlined />} aria-label={t('sidebar.feedback')} onClick={() => void contact('complaints')} />
        </Tooltip>
      </nav>
      <ServiceModal kind={service} onClose={() => setService(null)} />
      {seller && <PageGuide />}
    </>
  );
}
