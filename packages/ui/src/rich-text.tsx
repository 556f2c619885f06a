import { renderRichText } from '@guichet/domain';
import { useMemo } from 'react';
import { RichTextHtml } from './rich-text-html';

/**
 * Stored rich text, shown. The HTML comes only from the domain's sanitising renderer — the single trusted
 * point between stored content and markup: allow-listed nodes and marks, escaped text, links to allowed
 * schemes only, opening in a new tab with rel="noopener noreferrer nofollow". A page that can render it in
 * its loader passes the HTML to RichTextHtml instead, and the browser loads no renderer.
 */
export function RichText({ doc, className = '' }: { doc: unknown; className?: string }) {
  const html = useMemo(() => renderRichText(doc), [doc]);
  return <RichTextHtml html={html} className={className} />;
}
