import { describe, expect, it } from 'vitest';
import { organizerEmbedSnippet, ticketingEmbedSnippet } from './embed-snippet';

describe('organizerEmbedSnippet', () => {
  it('gives the iframe of the organizer and the resizing script, from the site address', () => {
    const snippet = organizerEmbedSnippet('https://www.guichet.fr', { id: 2, name: 'Rhône Live' });
    expect(snippet).toBe(
      '<iframe src="https://www.guichet.fr/embed/organizer/2" title="Billetterie de Rhône Live sur Guichet" width="100%" height="600" style="border:0;width:100%;max-width:100%" loading="lazy"></iframe>\n' +
        '<script src="https://www.guichet.fr/embed.js" async></script>',
    );
  });

  it('escapes the name in the title attribute', () => {
    const snippet = organizerEmbedSnippet('https://www.guichet.fr', { id: 3, name: 'Les "Nuits" <b>&</b>' });
    expect(snippet).toContain('title="Billetterie de Les &quot;Nuits&quot; &lt;b&gt;&amp;&lt;/b&gt; sur Guichet"');
  });
});

describe('ticketingEmbedSnippet', () => {
  it('gives the iframe of the ticketing’s embed page, its title escaped, and the same resizing script', () => {
    const snippet = ticketingEmbedSnippet('https://www.guichet.fr', { id: 41, title: 'Jazz "à" <Lyon>' });
    expect(snippet).toBe(
      '<iframe src="https://www.guichet.fr/embed/ticketing/41" title="Jazz &quot;à&quot; &lt;Lyon&gt; — billetterie Guichet" width="100%" height="600" style="border:0;width:100%;max-width:100%" loading="lazy"></iframe>\n' +
        '<script src="https://www.guichet.fr/embed.js" async></script>',
    );
  });
});
