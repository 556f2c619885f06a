import {
  CURRENT_PASSWORD_NEEDED_MESSAGE,
  changePassword,
  EMAIL_TAKEN_MESSAGE,
  getAccount,
  SAME_PASSWORD_MESSAGE,
  updateAccount,
} from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError } from '../../lib/http-error.js';
import { requireAccountOwner, unauthenticated } from '../../plugins/auth.js';
import { findUser, setPasswordHash, toAccount, updateUser } from '../../services/auth/accounts.js';
import { checkCurrentPassword } from '../../services/auth/credentials.js';
import { hashPassword } from '../../services/auth/passwords.js';
import { endAllSessions, startSession } from '../../services/auth/tokens.js';

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  /** The owner's row; a valid token whose account no longer exists is treated as no session at all. */
  async function ownAccount(request: Parameters<typeof requireAccountOwner>[0], id: number) {
    const session = await requireAccountOwner(request, id);
    const user = await findUser(db, session.id);
    if (!user) throw unauthenticated();
    return user;
  }

  app.route({
    ...routeOf(getAccount),
    handler: async (request) => toAccount(await ownAccount(request, request.params.id)),
  });

  app.route({
    ...routeOf(updateAccount),
    handler: async (request) => {
      const user = await ownAccount(request, request.params.id);
      const { currentPassword, ...changes } = request.body;
      // Whoever holds the address can reset the password: changing it asks for the password first.
      if (changes.email !== undefined && changes.email !== user.email.toLowerCase()) {
        if (!currentPassword) throw new HttpError(400, 'CURRENT_PASSWORD_NEEDED', CURRENT_PASSWORD_NEEDED_MESSAGE);
        await checkCurrentPassword(db, user, currentPassword, request.ip);
      }
      const updated = await updateUser(db, user.id, changes);
      if (updated === 'taken') throw new HttpError(409, 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
      if (!updated) throw unauthenticated();
      return toAccount(updated);
    },
  });

  app.route({
    ...routeOf(changePassword),
    handler: async (request) => {
      const user = await ownAccount(request, request.params.id);
      const { currentPassword, newPassword } = request.body;
      await checkCurrentPassword(db, user, currentPassword, request.ip);
      if (newPassword === currentPassword) throw new HttpError(400, 'SAME_PASSWORD', SAME_PASSWORD_MESSAGE);
      const passwordHash = await hashPassword(newPassword);
      // Every session ends (a thief's too); the one making the change gets a fresh pair.
      return db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash);
        const sessionVersion = await endAllSessions(tx, user.id);
        return startSession(tx, app.config.JWT_SECRET, { ...user, sessionVersion });
      });
    },
  });
};

export default accountRoutes;
