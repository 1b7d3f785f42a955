// A titled panel drawn as antd's Card is, in plain markup, for the pages on every first load (the
// home page, the shell's guide popover): antd's Card brings its Tabs (and their Dropdown) along.
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { Spin } from 'antd';

export interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  extra?: ReactNode;
  /** A spinner instead of the content while it loads. */
  loading?: boolean;
  size?: 'small';
  style?: CSSProperties;
}

export function Panel({ title, extra, loading, size, className, children, ...rest }: PanelProps) {
  const classes = ['os-panel', size === 'small' ? 'os-panel-small' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <section className={classes} {...rest}>
      {(title || extra) && (
        <header className="os-panel-head">
          <div className="os-panel-title">{title}</div>
          {extra && <div className="os-panel-extra">{extra}</div>}
        </header>
      )}
      <div className="os-panel-body">{loading ? <Spin style={{ display: 'block', margin: '8px auto' }} /> : children}</div>
    </section>
  );
}
