/** What the back office's tests share: a platform administrator with a pro session. */
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema.js';
import { bearer } from '../auth/support.js';
import { proLogin, proUser, type TestContext } from '../pro/support.js';

/** A platform administrator (SQL), logged in to the pro site after the flag is set. */
export async function adminUser(context: TestContext, overrides: Record<string, unknown> = {}) {
  const user = await proUser(context, overrides);
  await context.database.db.update(users).set({ platformAdmin: true }).where(eq(users.id, user.id));
  const pro = await proLogin(context, user.email, user.password);
  return { ...user, pro, headers: bearer(pro.accessToken) };
}
