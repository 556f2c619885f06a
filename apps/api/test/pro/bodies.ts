/** A ticketing the pro API accepts as it is: the request body the route-table tests (IDOR, bad input) send. */
export const VALID_TICKETING_BODY = {
  title: 'Nuit du jazz',
  category: 'Concert',
  when: { schedule: 'DATED', date: '2027-06-18', time: '20:30' },
  venue: {
    name: 'Le Lieu Unique',
    address: '2 rue de la Biscuiterie',
    postalCode: '44000',
    city: 'Nantes',
    country: 'france',
  },
  summary: 'Du jazz.',
  description: { type: 'doc', content: [] },
};
