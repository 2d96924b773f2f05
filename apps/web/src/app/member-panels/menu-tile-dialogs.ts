import type { MenuKey } from '../../features/member/components/member-menu.tsx';
import type { FooterDialogName } from '../footer-dialogs/footer-dialog-store.ts';
import { useFooterDialogs } from '../footer-dialogs/footer-dialogs.tsx';

/**
 * Menu tiles that open their footer dialog over the page instead of going to their page (the
 * pages stay, for links and the back button). Deposit, games, cashback, free credit, the account
 * and the profile still navigate.
 */
const MENU_TILE_DIALOGS: readonly (readonly [tile: MenuKey, dialog: FooterDialogName])[] = [
  ['promotion', 'promotion'],
  ['spinner', 'wheel'],
  ['affiliate', 'affiliate'],
  ['withdraw', 'withdraw'],
  ['history', 'history'],
];

/** The openers MemberMenu takes, for /user/home and /user/menu. */
export function useMenuDialogOpeners(): Partial<Record<MenuKey, () => void>> {
  const { open } = useFooterDialogs();
  const openers: Partial<Record<MenuKey, () => void>> = {};
  for (const [tile, dialog] of MENU_TILE_DIALOGS) openers[tile] = () => open(dialog);
  return openers;
}
