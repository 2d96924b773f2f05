import type { MenuKey } from '../../features/member/components/member-menu.tsx';
import type { FooterDialogName } from '../footer-dialogs/footer-dialog-store.ts';

/**
 * Menu tiles that open their footer dialog over the page instead of going to their page (the
 * pages stay, for links and the back button). Deposit, games, cashback, free credit, the account
 * and the profile still navigate. Router-free: the first load of /user/home draws these tiles as
 * the same buttons (app/home/first-load-home.tsx).
 */
export const MENU_TILE_DIALOGS: readonly (readonly [tile: MenuKey, dialog: FooterDialogName])[] = [
  ['promotion', 'promotion'],
  ['spinner', 'wheel'],
  ['affiliate', 'affiliate'],
  ['withdraw', 'withdraw'],
  ['history', 'history'],
];
