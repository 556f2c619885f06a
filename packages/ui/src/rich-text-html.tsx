import type { MouseEvent } from 'react';

/**
 * A click on a link to one of the site's own paths (Le Mag's internal links, rendered without a target):
 * the path, when the click is a plain one the page may handle itself (main button, no modifier key, not
 * already handled), else null — the browser then does what it would (new tab, download…).
 */
export function sitePathClicked(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const target = event.target instanceof Element ? event.target.closest('a') : null;
  if (!target || target.hasAttribute('target') || target.hasAttribute('download')) return null;
  const href = target.getAttribute('href') ?? '';
  return href.startsWith('/') && !href.startsWith('//') ? href : null;
}

/**
 * Stored rich text already turned into HTML by the domain's sanitising renderer (`renderRichText`), on the
 * server: the page ships the HTML in its data, not the renderer (docs/decisions/0052). Only ever give it
 * `renderRichText`'s output — the single trusted point between stored content and markup. `onSitePath`:
 * a plain click on a link to a site path is handed to it (a client navigation) instead of reloading the page.
 */
export function RichTextHtml({
  html,
  className = '',
  onSitePath,
}: {
  html: string;
  className?: string;
  onSitePath?: (path: string) => void;
}) {
  const onClick = onSitePath
    ? (event: MouseEvent<HTMLDivElement>) => {
        const path = sitePathClicked(event);
        if (path === null) return;
        event.preventDefault();
        onSitePath(path);
      }
    : undefined;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the links inside take the keyboard; the click only routes them.
    <div
      className={`rich-text ${className}`.trim()}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: renderRichText escapes everything and allow-lists the rest.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
