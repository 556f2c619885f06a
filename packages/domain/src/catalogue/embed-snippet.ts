/**
 * The code an organiser pastes into its own site: an iframe of one of Guichet's embed pages (spec: « Organizer
 * pages and ticketing pages can be embedded in other sites », /embed/organizer/{id} and /embed/ticketing/{id}),
 * and the script that sizes the frame to its content (apps/web/public/embed.js). The frame starts at 600 px,
 * which the script corrects; without the script the page still shows, with a scroll bar. The public site
 * shows the organiser's on its page, the pro site both on a ticketing's « Intégration » page.
 */

/** Text in an HTML attribute value between double quotes. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The public embed page of an organiser's events. */
export const organizerEmbedPath = (organizerId: number) => `/embed/organizer/${organizerId}`;
/** The public embed page of one ticketing. */
export const ticketingEmbedPath = (ticketingId: number) => `/embed/ticketing/${ticketingId}`;

function embedSnippet(siteUrl: string, path: string, title: string): string {
  return [
    `<iframe src="${siteUrl}${path}" title="${escapeAttribute(title)}" width="100%" height="600" style="border:0;width:100%;max-width:100%" loading="lazy"></iframe>`,
    `<script src="${siteUrl}/embed.js" async></script>`,
  ].join('\n');
}

export function organizerEmbedSnippet(siteUrl: string, organizer: { id: number; name: string }): string {
  return embedSnippet(siteUrl, organizerEmbedPath(organizer.id), `Billetterie de ${organizer.name} sur Guichet`);
}

export function ticketingEmbedSnippet(siteUrl: string, ticketing: { id: number; title: string }): string {
  return embedSnippet(siteUrl, ticketingEmbedPath(ticketing.id), `${ticketing.title} — billetterie Guichet`);
}
