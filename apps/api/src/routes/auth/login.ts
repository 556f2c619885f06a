import { login } from '@guichet/contracts';
import type { AppInstance } from '../../app.js';
import { routeOf } from '../../lib/endpoint.js';
import { logIn } from '../../services/auth/credentials.js';

export default async function loginRoutes(app: AppInstance) {
  app.route({
    ...routeOf(login),
    handler: async (request) => logIn(app.database.db, app.config.JWT_SECRET, request.body, request.ip),
  });
}
