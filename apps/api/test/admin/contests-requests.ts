/** A valid request of each back-office contest endpoint, for the bad-input test (apps/api/test/bad-input.test.ts). */
const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Règlement.' }] }] };
const game = {
  title: 'Gagnez vos places',
  summary: 'Deux questions, un lot.',
  description: doc,
  rules: doc,
  startsAt: { date: '2026-12-01', time: '10:00' },
  endsAt: { date: '2026-12-20', time: '18:00' },
  ticketingId: 1,
  visual: { url: '/media/visuel-jeu.webp', alt: 'L’affiche du jeu', width: 1200, height: 800 },
  prizes: [{ label: 'Deux places', value: '45,00' }],
  questions: [{ label: 'Quelle ville ?', choices: ['Lyon', 'Arles'], answer: 1 }],
  tieBreakLabel: 'Combien de spectateurs ?',
  tieBreakAnswer: 1200,
};
const one = { id: '1' };

export function adminContestRequests() {
  return {
    'GET /pro/admin/contests': { query: { q: 'festival', page: '1', pageSize: '20' } },
    'POST /pro/admin/contests': { body: game },
    'GET /pro/admin/contests/:id': { params: one },
    'PUT /pro/admin/contests/:id': { params: one, body: game },
    'POST /pro/admin/contests/:id/publish': { params: one },
    'POST /pro/admin/contests/:id/unpublish': { params: one },
    'POST /pro/admin/contests/:id/close': { params: one },
    'POST /pro/admin/contests/:id/draw': { params: one, body: { method: 'RANDOM' } },
    // Multipart (file, alt): nothing the JSON door reads.
    'POST /pro/admin/contests/visuals': {},
  };
}
