/**
 * Starts the API: environment, database (migrated, seeded on first start), HTTP server, graceful shutdown.
 * With API_WORKERS > 1 (PostgreSQL only), this process is the cluster's primary: it forks that many API
 * processes sharing the port, replaces one that dies, and stops them all on SIGTERM or SIGINT.
 */
import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { prepareDatabase } from './db/bootstrap.js';
import { DatabaseLockedError } from './db/folder-lock.js';
import { type ApiEnv, InvalidEnvironmentError, parseEnv, withLocalSecrets } from './env.js';
import { seedOnce } from './seed/index.js';
import { startHoldReleaser } from './services/checkout/release-job.js';
import { startWinnerDraw } from './services/contests/draw.js';
import { startSurveyMailer } from './services/surveys/invitations.js';

/** Which worker this process is (1…API_WORKERS); 1 when the API runs alone. */
const WORKER_INDEX_VARIABLE = 'GUICHET_API_WORKER';

function runPrimary(env: ApiEnv) {
  let stopping = false;
  const fork = (index: number) => cluster.fork({ [WORKER_INDEX_VARIABLE]: String(index) });
  const indexOf = new Map<number, number>();
  for (let index = 1; index <= env.API_WORKERS; index++) indexOf.set(fork(index).id, index);
  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker.id) ?? 1;
    indexOf.delete(worker.id);
    if (stopping) return;
    console.error(`[api] processus ${index} arrêté (${signal ?? `code ${code}`}) : il est remplacé.`);
    indexOf.set(fork(index).id, index);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    if (workers.length === 0) process.exit(0);
    let left = workers.length;
    for (const worker of workers) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(0);
      });
      worker.process.kill('SIGTERM');
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  console.log(`[api] ${env.API_WORKERS} processus sur le port ${env.API_PORT}.`);
}

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

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'arrêt après une erreur');
    else app.log.info({ signal }, 'arrêt demandé');
    await app.close();
    await holdReleaser?.stop();
    await surveyMailer?.stop();
    await winnerDraw?.stop();
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
  if (env.API_WORKERS > 1 && cluster.isPrimary) runPrimary(env);
  else await runWorker(env);
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvironmentError || error instanceof DatabaseLockedError) console.error(error.message);
  else console.error('Démarrage de l’API impossible :', error);
  process.exit(1);
});
