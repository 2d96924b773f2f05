import type { MenuKey } from '../../features/member/components/member-menu.tsx';
import { useFooterDialogs } from '../footer-dialogs/footer-dialogs.tsx';
import { MENU_TILE_DIALOGS } from './menu-tile-dialog-list.ts';

/** The openers MemberMenu takes, for /user/home and /user/menu (the tiles of menu-tile-dialog-list.ts). */
export function useMenuDialogOpeners(): Partial<Record<MenuKey, () => void>> {
  const { open } = useFooterDialogs();
  const openers: Partial<Record<MenuKey, () => void>> = {};
  for (const [tile, dialog] of MENU_TILE_DIALOGS) openers[tile] = () => open(dialog);
  return openers;
}
