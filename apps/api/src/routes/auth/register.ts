import { EMAIL_TAKEN_MESSAGE, registerAccount } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError } from '../../lib/http-error.js';
import { createUser, findUserByEmail } from '../../services/auth/accounts.js';
import { hashPassword } from '../../services/auth/passwords.js';
import { startSession } from '../../services/auth/tokens.js';
import { welcomeMail } from '../../services/mail/templates.js';

const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(registerAccount),
    handler: async (request, reply) => {
      const { db } = app.database;
      const { user: input } = request.body;
      // Saves the cost of a hash in the common case; the unique index decides in a race.
      if (await findUserByEmail(db, input.email)) throw new HttpError(409, 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
      const user = await createUser(db, {
        firstname: input.firstname,
        lastname: input.lastname,
        email: input.email,
        phone: input.phone ?? null,
        passwordHash: await hashPassword(input.password),
      });
      if (!user) throw new HttpError(409, 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
      const tokens = await startSession(db, app.config.JWT_SECRET, user);
      // After the answer: a mail server that is down must not undo a registration.
      app.background.afterAnswer(reply, 'welcome-mail', () =>
        app.mailer.send(welcomeMail({ to: user.email, firstname: user.firstname, siteUrl: app.config.SITE_URL })),
      );
      return reply.code(201).send(tokens);
    },
  });
};

export default registerRoutes;
