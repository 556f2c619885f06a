import { listTicketings } from '@guichet/contracts';
import type { AppInstance } from '../../app.js';
import { routeOf } from '../../lib/endpoint.js';
import { listTicketings as findTicketings } from '../../services/catalogue/ticketings.js';

export default async function listTicketingsRoutes(app: AppInstance) {
  app.route({
    ...routeOf(listTicketings),
    handler: (request) => findTicketings(app.database.db, request.query, new Date()),
  });
}
