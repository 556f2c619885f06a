/** Starts the API: environment, database (migrated, seeded on first start), HTTP server, graceful shutdown. */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { prepareDatabase } from './db/bootstrap.js';
import { DatabaseLockedError } from './db/folder-lock.js';
import { InvalidEnvironmentError, parseEnv, withLocalSecrets } from './env.js';
import { startHoldReleaser } from './services/checkout/release-job.js';
import { startWinnerDraw } from './services/contests/draw.js';
import { startSurveyMailer } from './services/surveys/invitations.js';

async function main() {
  const env = parseEnv(withLocalSecrets(process.env));
  const database = await prepareDatabase(env);
  const app = await buildApp({ env, database });
  // Unpaid orders' places: correct without it (checkouts and pages skip expired holds), tidied by it.
  const holdReleaser = startHoldReleaser(database.db, app.log);
  // The day after an event, its buyers are asked for their opinion (idempotent: one mail each).
  const surveyMailer = startSurveyMailer(
    { db: database.db, mailer: app.mailer, links: app.surveyLinks, siteUrl: env.SITE_URL },
    app.log,
  );
  // Closed contest games get their winners, told by e-mail.
  const winnerDraw = startWinnerDraw({ db: database.db, mailer: app.mailer, siteUrl: env.SITE_URL }, app.log);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'arrêt après une erreur');
    else app.log.info({ signal }, 'arrêt demandé');
    await app.close();
    await holdReleaser.stop();
    await surveyMailer.stop();
    await winnerDraw.stop();
    await database.close();
  });

  await app.listen({ host: env.HOST, port: env.API_PORT });
  app.log.info(
    { database: database.kind, schema: database.schemaName },
    `API Guichet prête sur http://${env.HOST}:${env.API_PORT} (documentation : /docs)`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvironmentError || error instanceof DatabaseLockedError) console.error(error.message);
  else console.error('Démarrage de l’API impossible :', error);
  process.exit(1);
});
