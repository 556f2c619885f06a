/** Text in an HTML attribute value between double quotes. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The code an organizer pastes into its own site: an iframe of its events page on Guichet, and the script
 * that sizes the frame to its content (public/embed.js). The frame starts at 600 px, which the script
 * corrects; without the script the events still show, with a scroll bar.
 */
export function organizerEmbedSnippet(siteUrl: string, organizer: { id: number; name: string }): string {
  const title = escapeAttribute(`Billetterie de ${organizer.name} sur Guichet`);
  return [
    `<iframe src="${siteUrl}/embed/organizer/${organizer.id}" title="${title}" width="100%" height="600" style="border:0;width:100%;max-width:100%" loading="lazy"></iframe>`,
    `<script src="${siteUrl}/embed.js" async></script>`,
  ].join('\n');
}
