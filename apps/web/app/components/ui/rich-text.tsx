import { renderRichText } from '@guichet/domain';
import { useMemo } from 'react';

/**
 * Stored rich text, shown. The HTML comes only from the domain's sanitising renderer — the single trusted
 * point between stored content and markup: allow-listed nodes and marks, escaped text, links to allowed
 * schemes only, opening in a new tab with rel="noopener noreferrer nofollow".
 */
export function RichText({ doc, className = '' }: { doc: unknown; className?: string }) {
  const html = useMemo(() => renderRichText(doc), [doc]);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: renderRichText escapes everything and allow-lists the rest.
    <div className={`rich-text ${className}`.trim()} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
