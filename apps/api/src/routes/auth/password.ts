import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPassword,
  INVALID_RESET_TOKEN_MESSAGE,
  resetPassword,
} from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError } from '../../lib/http-error.js';
import { findUserByEmail } from '../../services/auth/accounts.js';
import { completePasswordReset, createPasswordReset, isResetTokenUsable } from '../../services/auth/password-reset.js';
import { hashPassword } from '../../services/auth/passwords.js';
import { newOpaqueToken } from '../../services/auth/tokens.js';
import { passwordResetMail } from '../../services/mail/templates.js';

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(forgotPassword),
    handler: async (request, reply) => {
      // The same work whether or not the address has an account — one lookup, one token — and the rest
      // (writing the link, preparing and sending the mail) only once the answer has left, so neither the
      // answer nor its timing tells.
      const user = await findUserByEmail(db, request.body.email);
      const { token, tokenHash } = newOpaqueToken();
      if (user) {
        app.background.afterAnswer(reply, 'password-reset-mail', async () => {
          if (!(await createPasswordReset(db, user.id, tokenHash))) return;
          await app.mailer.send(
            passwordResetMail({ to: user.email, firstname: user.firstname, siteUrl: app.config.SITE_URL, token }),
          );
        });
      }
      return reply.code(202).send({ message: FORGOT_PASSWORD_MESSAGE });
    },
  });

  app.route({
    ...routeOf(resetPassword),
    handler: async (request, reply) => {
      const { token, password } = request.body;
      if (!(await isResetTokenUsable(db, token)))
        throw new HttpError(400, 'RESET_LINK_INVALID', INVALID_RESET_TOKEN_MESSAGE);
      const done = await completePasswordReset(db, token, await hashPassword(password));
      if (!done) throw new HttpError(400, 'RESET_LINK_INVALID', INVALID_RESET_TOKEN_MESSAGE);
      return reply.code(204).send();
    },
  });
};

export default passwordRoutes;
