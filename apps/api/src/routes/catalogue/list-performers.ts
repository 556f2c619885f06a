import { listPerformers } from '@guichet/contracts';
import type { AppInstance } from '../../app.js';
import { routeOf } from '../../lib/endpoint.js';
import { listPerformers as findPerformers } from '../../services/catalogue/performers.js';

export default async function listPerformersRoutes(app: AppInstance) {
  app.route({
    ...routeOf(listPerformers),
    handler: (request) => findPerformers(app.database.db, request.query, new Date()),
  });
}
