// The to-do (pending issues) popover of the header (spec 01 §4.7): the home counters in groups,
// only the entries whose page the account may open, refreshed every 3 minutes while the tab is
// visible. New counts wave on the badge until it is hovered and stay highlighted until opened;
// that memory is kept in local storage. Each entry jumps to its filtered list (01 §2.4); when
// that list is already open, its data is loaded again.
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Badge, Button, Empty, Popover, Tooltip } from 'antd';
import { ScheduleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { canOpen } from '../../../app/layout/nav-items';
import { useSession } from '../../../app/session';
import { usePageVisible } from '../../../ui/use-page-visible';
import { systemApi } from '../../system/api';
import { HOME_COUNTER_GROUPS } from '../../system/home-counters';
import { hoverTodo, loadTodoMemory, newTodoEntries, readTodo, saveTodoMemory, todoWaves, type TodoCounts, type TodoMemory } from '../todo-state';

/** Spec 01 §9: the to-do refresh is 180000 ms. */
export const TODO_REFRESH_MS = 180_000;

export function TodoPopover() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const visible = usePageVisible();
  const userId = session.account.userId;
  const [memory, setMemory] = useState<TodoMemory>(() => loadTodoMemory(localStorage, userId));
  const [open, setOpen] = useState(false);

  // The same query as the home page: one request feeds both.
  const home = useQuery({ queryKey: ['home-page-data'], queryFn: systemApi.homePageData, refetchInterval: visible ? TODO_REFRESH_MS : false });

  const groups = useMemo(
    () => HOME_COUNTER_GROUPS.map((g) => ({ ...g, counters: g.counters.filter((c) => canOpen(c.to.split('?')[0]!, session)) })).filter((g) => g.counters.length),
    [session],
  );
  const counts: TodoCounts = useMemo(() => {
    const out: TodoCounts = {};
    for (const g of groups) for (const c of g.counters) out[c.key] = Number(home.data?.[c.key] ?? 0);
    return out;
  }, [groups, home.data]);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const fresh = new Set(newTodoEntries(counts, memory.read));
  const waves = todoWaves(counts, memory);

  const remember = (next: TodoMemory) => {
    setMemory(next);
    saveTodoMemory(localStorage, userId, next);
  };

  const go = (key: string, to: string) => {
    remember(readTodo(counts, memory, key));
    setOpen(false);
    if (location.pathname + location.search === to) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    else navigate(to);
  };

  if (!groups.length) return null;
  const withCounts = groups.map((g) => ({ ...g, counters: g.counters.filter((c) => counts[c.key]! > 0) })).filter((g) => g.counters.length);
  const content = (
    <div style={{ width: 320 }}>
      {withCounts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={home.isError ? t('notices:todo.loadFailed') : t('notices:todo.empty')} />
      ) : (
        withCounts.map((g) => (
          <div key={g.key} style={{ marginBottom: 8 }}>
            <span className="os-text-secondary">{t(`home:groups.${g.key}`)}</span>
            {/* Plain list markup: antd's List brings Pagination and Select into every signed-in page. */}
            <ul className="os-plain-list">
              {g.counters.map((c) => (
                <li
                  key={c.key}
                  className={fresh.has(c.key) ? 'os-todo-item os-todo-new' : 'os-todo-item'}
                  role="link"
                  tabIndex={0}
                  onClick={() => go(c.key, c.to)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') go(c.key, c.to);
                  }}
                >
                  <span>{t(`home:counters.${c.key}`)}</span>
                  <Badge count={counts[c.key]} overflowCount={9999} color={fresh.has(c.key) ? 'red' : 'blue'} />
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </div>
  );

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" title={t('notices:todo.title')} content={content}>
      <Tooltip title={t('notices:todo.title')}>
        <Button
          type="text"
          className="os-header-button"
          aria-label={t('notices:todo.ariaLabel', { count: total })}
          onMouseEnter={() => {
            if (waves) remember(hoverTodo(counts, memory));
          }}
          onFocus={() => {
            if (waves) remember(hoverTodo(counts, memory));
          }}
        >
          <Badge count={total} overflowCount={99} size="small" offset={[4, -2]} className={waves ? 'os-todo-wave' : undefined}>
            <ScheduleOutlined style={{ color: 'inherit', fontSize: 16 }} />
          </Badge>
        </Button>
      </Tooltip>
    </Popover>
  );
}
