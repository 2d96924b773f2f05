import '../../index.css';
import type { SiteSettings, UserInfo } from '@sabai/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { FirstLoadCard } from './first-load-card.ts';
import { FirstLoadHome } from './first-load-home.tsx';

export interface ReactFirstLoadHome {
  /** Draws the home again with the server's figures. */
  draw: (card: FirstLoadCard | null) => void;
  /** React lets go of the home (its DOM has left the document: the member app's took its place). */
  unmount: () => void;
}

/**
 * The first load's home drawn with React (`FirstLoadHome`, docs/adr/0030) into `shellContainer`:
 * where app.html's filled markup is not there (the dev server, a stored member the boot script
 * could not fill) or the opening-soon page must be drawn (issue 24 §1). app-main.tsx loads it then only.
 */
export function drawReactFirstLoadHome(
  shellContainer: HTMLElement,
  props: { user: UserInfo; initialSettings: SiteSettings | null; settingsRequest: Promise<SiteSettings | null>; onLeave: (to: string) => void; onPainted: () => void },
): ReactFirstLoadHome {
  const shell = createRoot(shellContainer);
  const draw = (card: FirstLoadCard | null) =>
    shell.render(
      <StrictMode>
        <FirstLoadHome {...props} card={card} />
      </StrictMode>,
    );
  draw(null);
  return { draw, unmount: () => shell.unmount() };
}
