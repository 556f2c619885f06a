// The pro site's production server: PRO_WORKERS processes sharing the port (Node cluster, a dead one
// replaced: @guichet/workers, docs/decisions/0053), each a whole pro process (site.mjs). They share nothing:
// the organiser's session lives in its cookies, everything else in the API.
import { runWorkers, workerCount } from '@guichet/workers';

await runWorkers({
  name: 'pro',
  indexVariable: 'GUICHET_PRO_WORKER',
  count: workerCount(process.env.PRO_WORKERS, 'PRO_WORKERS'),
  start: () => import('./site.mjs'),
});
