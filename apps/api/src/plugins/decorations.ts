/**
 * What `buildApp` hangs on the Fastify instance, typed here rather than in app.ts: route modules read these
 * through their own `FastifyPluginAsyncZod` parameter and never import the app, which imports them.
 */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import type { ApiEnv } from '../env.js';
import type { BackgroundTasks } from '../lib/background.js';
import type { Mailer } from '../services/mail/mailer.js';
import type { PaymentProvider } from '../services/payments/provider.js';
import type { OrderLinks } from '../services/payments/signatures.js';
import type { SurveyLinks } from '../services/surveys/links.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    config: ApiEnv;
    mailer: Mailer;
    background: BackgroundTasks;
    /** Signs and checks the payment and download links of orders. */
    orderLinks: OrderLinks;
    /** Signs and checks the survey links and the survey results tokens. */
    surveyLinks: SurveyLinks;
    /** Takes payments (PAYMENT_PROVIDER). */
    payments: PaymentProvider;
  }
}

export type AppDecorations = Pick<
  FastifyInstance,
  'database' | 'config' | 'mailer' | 'background' | 'orderLinks' | 'surveyLinks' | 'payments'
>;

/** Decorates the root instance, so every plugin and route registered after it sees the same values. */
export function decorateApp(app: FastifyInstance, decorations: AppDecorations) {
  app.decorate('database', decorations.database);
  app.decorate('config', decorations.config);
  app.decorate('mailer', decorations.mailer);
  app.decorate('background', decorations.background);
  app.decorate('orderLinks', decorations.orderLinks);
  app.decorate('surveyLinks', decorations.surveyLinks);
  app.decorate('payments', decorations.payments);
}
