import { listOrganizers } from '@guichet/contracts';
import type { AppInstance } from '../../app.js';
import { routeOf } from '../../lib/endpoint.js';
import { listOrganizers as findOrganizers } from '../../services/catalogue/organizers.js';

export default async function listOrganizersRoutes(app: AppInstance) {
  app.route({
    ...routeOf(listOrganizers),
    handler: () => findOrganizers(app.database.db, new Date()),
  });
}
