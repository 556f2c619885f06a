// The web's production server: WEB_WORKERS processes sharing the port (Node cluster, a dead one replaced:
// @guichet/workers, docs/decisions/0053), each a whole web process (site.mjs) with its own page cache and its
// own data-version poller: nothing the processes hold must agree, so nothing is shared between them.
import { runWorkers, workerCount } from '@guichet/workers';

await runWorkers({
  name: 'web',
  indexVariable: 'GUICHET_WEB_WORKER',
  count: workerCount(process.env.WEB_WORKERS, 'WEB_WORKERS'),
  start: () => import('./site.mjs'),
});
