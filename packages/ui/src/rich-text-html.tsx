/**
 * Stored rich text already turned into HTML by the domain's sanitising renderer (`renderRichText`), on the
 * server: the page ships the HTML in its data, not the renderer (docs/decisions/0052). Only ever give it
 * `renderRichText`'s output — the single trusted point between stored content and markup.
 */
export function RichTextHtml({ html, className = '' }: { html: string; className?: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: renderRichText escapes everything and allow-lists the rest.
    <div className={`rich-text ${className}`.trim()} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
