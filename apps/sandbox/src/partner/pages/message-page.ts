import { escapeHtml, renderGameDocument } from './page-layout.ts';

/** A page that explains, in Thai, why a game link or session cannot be used. */
export function renderMessagePage(options: { title: string; text: string; returnUrl?: string }): string {
  const back = options.returnUrl
    ? `<a class="big-button" href="${escapeHtml(options.returnUrl)}" data-testid="back-to-site" rel="noreferrer">กลับสู่เว็บไซต์</a>`
    : '';
  return renderGameDocument({
    title: options.title,
    game: 'message',
    body: `<main class="message-card" data-testid="game-message"><h1>${escapeHtml(options.title)}</h1><p>${escapeHtml(options.text)}</p>${back}</main>`,
  });
}
