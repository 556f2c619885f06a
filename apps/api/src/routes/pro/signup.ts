import {
  CONFIRMATION_LINK_INVALID_MESSAGE,
  CONFIRMATION_RESENT_MESSAGE,
  confirmProEmail,
  PRO_EMAIL_TAKEN_MESSAGE,
  proSignup,
  resendProConfirmation,
  SIGNUP_MAIL_SENT_MESSAGE,
} from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError } from '../../lib/http-error.js';
import { findUserByEmail } from '../../services/auth/accounts.js';
import { hashPassword } from '../../services/auth/passwords.js';
import { newOpaqueToken, startSession } from '../../services/auth/tokens.js';
import { proConfirmationMail } from '../../services/mail/templates.js';
import { confirmEmail, createConfirmation, signUp } from '../../services/pro/signup.js';

/** « Ouvrir une billetterie »: sign-up, the address confirmed by its link (which logs in), a new link. */
const proSignupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(proSignup),
    handler: async (request, reply) => {
      const { user: input, organizer } = request.body;
      // An address already known (public site or pro): 409 before the cost of a hash; the unique index decides in a
      // race. Its owner logs in to the pro site and adds an organiser there (POST /pro/organizers).
      if (await findUserByEmail(db, input.email)) throw new HttpError(409, 'EMAIL_TAKEN', PRO_EMAIL_TAKEN_MESSAGE);
      const { token, tokenHash } = newOpaqueToken();
      const account = {
        firstname: input.firstname,
        lastname: input.lastname,
        email: input.email,
        phone: input.phone ?? null,
        passwordHash: await hashPassword(input.password),
      };
      const created = await signUp(db, account, organizer, tokenHash);
      if (!created) throw new HttpError(409, 'EMAIL_TAKEN', PRO_EMAIL_TAKEN_MESSAGE);
      // After the answer: a mail server that is down must not undo a sign-up (a new link can be asked for).
      app.background.afterAnswer(reply, 'pro-confirmation-mail', () =>
        app.mailer.send(
          proConfirmationMail({ to: input.email, firstname: input.firstname, proUrl: app.config.PRO_URL, token }),
        ),
      );
      return reply.code(202).send({ message: SIGNUP_MAIL_SENT_MESSAGE, email: input.email });
    },
  });

  app.route({
    ...routeOf(confirmProEmail),
    handler: async (request) =>
      db.transaction(async (tx) => {
        const user = await confirmEmail(tx, request.body.token);
        if (!user) throw new HttpError(400, 'LINK_INVALID', CONFIRMATION_LINK_INVALID_MESSAGE);
        return startSession(tx, app.config.JWT_SECRET, user, 'PRO');
      }),
  });

  app.route({
    ...routeOf(resendProConfirmation),
    handler: async (request, reply) => {
      // As POST /password/forgot: the same work and answer whether or not the address has an account waiting for
      // its confirmation; the link is written and sent after the answer has left.
      const user = await findUserByEmail(db, request.body.email);
      const { token, tokenHash } = newOpaqueToken();
      if (user && !user.emailConfirmedAt) {
        app.background.afterAnswer(reply, 'pro-confirmation-mail', async () => {
          if (!(await createConfirmation(db, user.id, tokenHash))) return;
          await app.mailer.send(
            proConfirmationMail({ to: user.email, firstname: user.firstname, proUrl: app.config.PRO_URL, token }),
          );
        });
      }
      return reply.code(202).send({ message: CONFIRMATION_RESENT_MESSAGE });
    },
  });
};

export default proSignupRoutes;
