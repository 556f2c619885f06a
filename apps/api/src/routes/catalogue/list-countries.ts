import { listCountries } from '@guichet/contracts';
import type { AppInstance } from '../../app.js';
import { routeOf } from '../../lib/endpoint.js';
import { countriesNavigation } from '../../services/catalogue/navigation.js';

export default async function listCountriesRoutes(app: AppInstance) {
  app.route({
    ...routeOf(listCountries),
    handler: () => countriesNavigation(app.database.db, new Date()),
  });
}
