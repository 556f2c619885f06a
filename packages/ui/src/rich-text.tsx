import { renderRichText } from '@guichet/domain';
import { useMemo } from 'react';
import { RichTextHtml } from './rich-text-html';

/**
 * Stored rich text, shown. The HTML comes only from the domain's sanitising renderer — the single trusted
 * point between stored content and markup: allow-listed nodes and marks, escaped text, links to allowed
 * schemes only, opening in a new tab with rel="noopener noreferrer nofollow". A page that can render it in
 * its loader passes the HTML to RichTextHtml instead, and the browser loads no renderer. `sitePaths` (Le
 * Mag): links to the site's own paths are kept, open in the same tab, and go to `onSitePath` when given
 * (the page's client navigation).
 */
export function RichText({
  doc,
  className = '',
  sitePaths = false,
  onSitePath,
}: {
  doc: unknown;
  className?: string;
  sitePaths?: boolean;
  onSitePath?: (path: string) => void;
}) {
  const html = useMemo(() => renderRichText(doc, { sitePaths }), [doc, sitePaths]);
  return <RichTextHtml html={html} className={className} {...(onSitePath ? { onSitePath } : {})} />;
}
