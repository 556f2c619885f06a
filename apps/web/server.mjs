// The web's production server: WEB_WORKERS processes sharing the port (Node cluster, a dead one replaced:
// workers.mjs, docs/decisions/0053), each a whole web process (site.mjs) with its own page cache.
import { runWorkers, workerCount } from './workers.mjs';

await runWorkers({ count: workerCount(process.env.WEB_WORKERS), start: () => import('./site.mjs') });
