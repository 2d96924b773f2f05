import type { SVGProps } from 'react';
import type { GameCategory } from '../catalogues/types.ts';

/** Line icons for the four categories, drawn in currentColor like components/ui/icons.tsx. */
export function CategoryIcon({ category, ...props }: { category: GameCategory } & SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...props}>
      {category === 'LIVECASINO' && (
        <>
          <circle cx="12" cy="12" r="8.5" />
          <circle cx="12" cy="12" r="4" />
          <path d="M12 3.5v3M12 17.5v3M3.5 12h3M17.5 12h3M6 6l2.1 2.1M15.9 15.9 18 18M6 18l2.1-2.1M15.9 8.1 18 6" />
        </>
      )}
      {category === 'EGAMES' && (
        <>
          <rect x="3" y="5" width="15" height="14" rx="2.5" />
          <path d="M8 5v14M13 5v14" />
          <path d="M18 10h1.5a1.5 1.5 0 0 1 1.5 1.5V8" />
          <circle cx="21" cy="6.5" r="1.2" />
        </>
      )}
      {category === 'POKER' && (
        <>
          <rect x="3.5" y="5" width="10" height="14" rx="1.8" transform="rotate(-10 8.5 12)" />
          <rect x="10.5" y="5" width="10" height="14" rx="1.8" transform="rotate(8 15.5 12)" />
          <path d="M15.5 9.5c-1.6 1.6-2.6 2.4-2.6 3.5a1.3 1.3 0 0 0 2.3.8l-.4 1.7h1.4l-.4-1.7a1.3 1.3 0 0 0 2.3-.8c0-1.1-1-1.9-2.6-3.5z" fill="currentColor" stroke="none" />
        </>
      )}
      {category === 'TRADING' && (
        <>
          <path d="M3.5 20h17" />
          <path d="M4 15.5 9 10.5l3.5 3 7.5-8" />
          <path d="M15.5 5.5H20V10" />
        </>
      )}
    </svg>
  );
}
