/**
 * Starts the API: environment, database (migrated, seeded on first start), HTTP server, graceful shutdown.
 * With API_WORKERS > 1 (PostgreSQL only), this process is the cluster's primary: it forks that many API
 * processes sharing the port, replaces one that dies, and stops them all on SIGTERM or SIGINT.
 */
import { runWorkers } from '@guichet/workers';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { prepareDatabase } from './db/bootstrap.js';
import { DatabaseLockedError } from './db/folder-lock.js';
import { type ApiEnv, InvalidEnvironmentError, parseEnv, withLocalSecrets } from './env.js';
import { seedOnce } from './seed/index.js';
import { startHoldReleaser } from './services/checkout/release-job.js';
import { startWinnerDraw } from './services/contests/draw.js';
import { refundWorkerDeps, registerRefundWorker, startRefundWorker } from './services/refunds/worker.js';
import { startSurveyMailer } from './services/surveys/invitations.js';

/** Which worker this process is (1…API_WORKERS); 1 when the API runs alone. */
const WORKER_INDEX_VARIABLE = 'GUICHET_API_WORKER';

async function runWorker(env: ApiEnv) {
  // Migrations and the first seed run under an advisory lock: workers starting together take turns.
  // The demo catalogue fills an empty database on first start unless SEED_DEMO=false.
  const database = await prepareDatabase(env, {
    fill: env.SEED_DEMO ? (handle) => seedOnce(handle, new Date()) : undefined,
  });
  const app = await buildApp({ env, database });
  // The periodic jobs run in one process only (they are idempotent, but N copies would be N times the work).
  const runsJobs = (process.env[WORKER_INDEX_VARIABLE] ?? '1') === '1';
  // Unpaid orders' places: correct without it (checkouts and pages skip expired holds), tidied by it.
  const holdReleaser = runsJobs ? startHoldReleaser(database.db, app.log) : null;
  // The day after an event, its buyers are asked for their opinion (idempotent: one mail each).
  const surveyMailer = runsJobs
    ? startSurveyMailer({ db: database.db, mailer: app.mailer, links: app.surveyLinks, siteUrl: env.SITE_URL }, app.log)
    : null;
  // Closed contest games get their winners, told by e-mail.
  const winnerDraw = runsJobs
    ? startWinnerDraw({ db: database.db, mailer: app.mailer, siteUrl: env.SITE_URL }, app.log)
    : null;

  // Refunds asked of the payment provider, their credit notes and mails, cancellations resumed after a restart.
  const refundWorker = runsJobs ? startRefundWorker(refundWorkerDeps(app)) : null;
  if (refundWorker) registerRefundWorker(database.db, refundWorker);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'arrêt après une erreur');
    else app.log.info({ signal }, 'arrêt demandé');
    await app.close();
    await holdReleaser?.stop();
    await surveyMailer?.stop();
    await winnerDraw?.stop();
    await refundWorker?.stop();
    await database.close();
  });

  await app.listen({ host: env.HOST, port: env.API_PORT });
  app.log.info(
    { database: database.kind, schema: database.schemaName, worker: process.env[WORKER_INDEX_VARIABLE] ?? '1' },
    `API Guichet prête sur http://${env.HOST}:${env.API_PORT} (documentation : /docs)`,
  );
}

async function main() {
  const env = parseEnv(withLocalSecrets(process.env));
  // The cluster's primary is no API: it forks API_WORKERS processes and replaces one that dies.
  await runWorkers({
    name: 'api',
    indexVariable: WORKER_INDEX_VARIABLE,
    count: env.API_WORKERS,
    start: () => runWorker(env),
  });
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvironmentError || error instanceof DatabaseLockedError) console.error(error.message);
  else console.error('Démarrage de l’API impossible :', error);
  process.exit(1);
});
