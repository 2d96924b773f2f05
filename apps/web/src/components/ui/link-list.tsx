import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';

export interface LinkListItem {
  key: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** A page of the site, an outside address (opens a new tab), or an action. */
  to?: string;
  href?: string;
  onClick?: () => void;
  tone?: 'default' | 'danger';
}

/** A card of full-width rows with an icon: a menu of places and actions. */
export function LinkList({ items, label, testId }: { items: LinkListItem[]; label: string; testId: string }) {
  return (
    <nav aria-label={label} className="card overflow-hidden" data-testid={testId}>
      <ul className="divide-y divide-white/10">
        {items.map((item) => (
          <li key={item.key}>
            <Row item={item} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

const ROW_CLASS = 'flex w-full items-center gap-3 px-4 py-3.5 text-left text-sm font-semibold active:bg-white/5';

function Row({ item }: { item: LinkListItem }) {
  const face: ReactNode = (
    <>
      <item.Icon className={`size-5 shrink-0 ${item.tone === 'danger' ? 'text-red-300' : 'text-primary'}`} />
      <span className={`min-w-0 flex-1 ${item.tone === 'danger' ? 'text-red-300' : 'text-ink'}`}>{item.label}</span>
      {item.onClick ? null : <span className="text-ink/40" aria-hidden="true">›</span>}
    </>
  );
  const testId = `link-${item.key}`;
  if (item.to) {
    return (
      <Link to={item.to} className={ROW_CLASS} data-testid={testId}>
        {face}
      </Link>
    );
  }
  if (item.href) {
    return (
      <a href={item.href} target="_blank" rel="noopener noreferrer" className={ROW_CLASS} data-testid={testId}>
        {face}
      </a>
    );
  }
  return (
    <button type="button" onClick={item.onClick} className={ROW_CLASS} data-testid={testId}>
      {face}
    </button>
  );
}
