import { getTicketing } from '@guichet/contracts';
import type { AppInstance } from '../../app.js';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { rowIdOf } from '../../services/catalogue/ids.js';
import { findTicketingDetail } from '../../services/catalogue/ticketings.js';

export default async function getTicketingRoutes(app: AppInstance) {
  app.route({
    ...routeOf(getTicketing),
    handler: async (request) => {
      const id = rowIdOf(request.params.ticketingID);
      const ticketing = id === null ? null : await findTicketingDetail(app.database.db, id);
      if (!ticketing) throw notFound('Billetterie introuvable.');
      return ticketing;
    },
  });
}
