import { getAgenda } from '@guichet/contracts';
import type { AppInstance } from '../../app.js';
import { routeOf } from '../../lib/endpoint.js';
import { agenda } from '../../services/catalogue/agenda.js';

export default async function agendaRoutes(app: AppInstance) {
  app.route({
    ...routeOf(getAgenda),
    handler: (request) => agenda(app.database.db, request.query, new Date()),
  });
}
