/**
 * The API as a Fastify plugin tree: external plugins, then our own (errors, OpenAPI), then the routes.
 * `buildApp` takes an opened database so tests and the server choose PGlite or PostgreSQL themselves.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from './db/client.js';
import type { ApiEnv } from './env.js';
import { createBackgroundTasks } from './lib/background.js';
import { decorateApp } from './plugins/decorations.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { registerSharedAnswers } from './plugins/shared-answers.js';
import adminRoutes from './routes/admin/index.js';
import accountRoutes from './routes/auth/account.js';
import loginRoutes from './routes/auth/login.js';
import passwordRoutes from './routes/auth/password.js';
import registerRoutes from './routes/auth/register.js';
import sessionRoutes from './routes/auth/session.js';
import cartsRoutes from './routes/carts/carts.js';
import agendaRoutes from './routes/catalogue/agenda.js';
import countViewRoutes from './routes/catalogue/count-view.js';
import countryPeriodsRoutes from './routes/catalogue/country-periods.js';
import getOrganizerRoutes from './routes/catalogue/get-organizer.js';
import getPerformerRoutes from './routes/catalogue/get-performer.js';
import getTicketingRoutes from './routes/catalogue/get-ticketing.js';
import homePageRoutes from './routes/catalogue/home-page.js';
import listCountriesRoutes from './routes/catalogue/list-countries.js';
import listOrganizersRoutes from './routes/catalogue/list-organizers.js';
import listPerformersRoutes from './routes/catalogue/list-performers.js';
import listTicketingsRoutes from './routes/catalogue/list-ticketings.js';
import listingPageRoutes from './routes/catalogue/listing-page.js';
import sitemapRoutes from './routes/catalogue/sitemap.js';
import contestRoutes from './routes/contests/contests.js';
import devContestRoutes from './routes/dev/contests.js';
import devOrderRoutes from './routes/dev/orders.js';
import outboxRoutes, { outboxEnabled } from './routes/dev/outbox.js';
import devSurveyRoutes from './routes/dev/surveys.js';
import articlesRoutes from './routes/magazine/articles.js';
import getMediaRoutes from './routes/media/get-media.js';
import offersRoutes from './routes/offers/offers.js';
import accountOrdersRoutes from './routes/orders/account-orders.js';
import afterSaleRoutes from './routes/orders/after-sale.js';
import createOrderRoutes from './routes/orders/create-order.js';
import orderDocumentRoutes from './routes/orders/documents.js';
import demoPaymentRoutes from './routes/payments/demo.js';
import stripeWebhookRoutes from './routes/payments/stripe-webhook.js';
import proDoorRoutes from './routes/pro/door.js';
import proOrganizerRoutes from './routes/pro/organizers.js';
import proRefundRoutes from './routes/pro/refunds.js';
import proSalesRoutes from './routes/pro/sales.js';
import proSessionRoutes from './routes/pro/session.js';
import proSignupRoutes from './routes/pro/signup.js';
import proTeamRoutes from './routes/pro/team.js';
import proTicketingRoutes from './routes/pro/ticketings.js';
import proUploadRoutes from './routes/pro/uploads.js';
import redirectRoutes from './routes/redirects/lookup.js';
import siteSearchRoutes from './routes/search/site-search.js';
import surveyRoutes from './routes/surveys/surveys.js';
import dataVersionRoutes from './routes/system/data-version.js';
import healthRoutes from './routes/system/health.js';
import { useTicketSigningSecret } from './services/door/keys.js';
import { createMailer, type Mailer } from './services/mail/mailer.js';
import { createPaymentProvider } from './services/payments/index.js';
import type { PaymentProvider } from './services/payments/provider.js';
import { orderLinks } from './services/payments/signatures.js';
import { surveyLinks } from './services/surveys/links.js';

// Validation messages in French, for every schema of the API.
z.config(z.locales.fr());

export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type BuildOptions = {
  env: ApiEnv;
  database: DatabaseHandle;
  logger?: boolean;
  /** Replaces the mailer built from the environment. */
  mailer?: Mailer;
  /** Replaces the payment provider built from the environment (tests). */
  payments?: PaymentProvider;
  /** Told of every route as it is registered (the IDOR test reads the route table from it). */
  onRoute?: (route: RouteOptions) => void;
};

export async function buildApp({
  env,
  database,
  logger = true,
  mailer,
  payments,
  onRoute,
}: BuildOptions): Promise<AppInstance> {
  const app = Fastify({
    logger: logger ? { level: env.LOG_LEVEL } : false,
    // A request id per request, reusing the web server's when it forwards one, so one visit can be followed in both logs.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // request.ip is the visitor's address when a trusted proxy (the web server) forwards it in
    // X-Forwarded-For, and the socket's address otherwise: a visitor cannot pose as another one.
    trustProxy: env.TRUSTED_PROXIES,
  }).withTypeProvider<ZodTypeProvider>();

  app.setSerializerCompiler(serializerCompiler);
  if (onRoute) app.addHook('onRoute', onRoute);
  const links = orderLinks(env.JWT_SECRET);
  // Tickets PDFs and door control sign and verify with the organisers' keys, stored encrypted under this secret.
  useTicketSigningSecret(database.db, env.TICKET_SIGNING_SECRET);
  decorateApp(app, {
    database,
    config: env,
    mailer: mailer ?? createMailer(env),
    background: createBackgroundTasks(),
    orderLinks: links,
    surveyLinks: surveyLinks(env.JWT_SECRET),
    payments: payments ?? createPaymentProvider(env, links, database.db),
  });
  // Mails still being sent when the server stops are finished first.
  app.addHook('onClose', async (instance) => {
    await instance.background.idle();
    instance.mailer.close();
  });
  registerErrorHandling(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, { global: true });
  await registerOpenApi(app);
  // Before the routes: the limits are attached to each route as it is registered.
  await registerRateLimits(app, env);
  // Before the routes too: the catalogue's routes get their cache hooks as they are registered.
  registerSharedAnswers(app, env, database.db);

  await app.register(healthRoutes);
  await app.register(dataVersionRoutes);
  await app.register(redirectRoutes);
  await app.register(listTicketingsRoutes);
  await app.register(listingPageRoutes);
  await app.register(homePageRoutes);
  await app.register(getTicketingRoutes);
  await app.register(sitemapRoutes);
  await app.register(listCountriesRoutes);
  await app.register(countryPeriodsRoutes);
  await app.register(agendaRoutes);
  await app.register(listPerformersRoutes);
  await app.register(getPerformerRoutes);
  await app.register(listOrganizersRoutes);
  await app.register(getOrganizerRoutes);
  await app.register(countViewRoutes);
  await app.register(offersRoutes);
  await app.register(siteSearchRoutes);
  await app.register(articlesRoutes);
  await app.register(loginRoutes);
  await app.register(registerRoutes);
  await app.register(accountRoutes);
  await app.register(sessionRoutes);
  await app.register(passwordRoutes);
  await app.register(proSessionRoutes);
  await app.register(proSignupRoutes);
  await app.register(proOrganizerRoutes);
  await app.register(proTeamRoutes);
  await app.register(proSalesRoutes);
  await app.register(proTicketingRoutes);
  await app.register(proDoorRoutes);
  await app.register(proRefundRoutes);
  // The back office (issue 27): one guard for every /pro/admin route.
  await app.register(adminRoutes);
  await app.register(accountOrdersRoutes);
  await app.register(afterSaleRoutes);
  await app.register(cartsRoutes);
  await app.register(createOrderRoutes);
  // The test cards pay for real orders: with a real provider configured they must not exist.
  if (app.payments.name === 'demo') await app.register(demoPaymentRoutes);
  await app.register(orderDocumentRoutes);
  await app.register(surveyRoutes);
  await app.register(contestRoutes);
  await app.register(getMediaRoutes);
  await app.register(proUploadRoutes);
  // Registered whatever the provider (it answers 404 unless it is Stripe), so /openapi.json stays the same.
  await app.register(stripeWebhookRoutes);
  if (outboxEnabled(env)) await app.register(outboxRoutes);
  if (env.NODE_ENV !== 'production') {
    await app.register(devOrderRoutes);
    await app.register(devSurveyRoutes);
    await app.register(devContestRoutes);
  }
  if (env.NODE_ENV === 'production' && !env.SMTP_URL)
    app.log.warn(`SMTP_URL n'est pas défini : les e-mails sont écrits dans ${env.MAIL_OUTBOX_DIR} et ne partent pas.`);
  return app;
}
