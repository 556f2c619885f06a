import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // v8 behaviours. v8_middleware gives the root its middleware (cross-site post protection);
  // v8_passThroughRequests (loaders would see the raw `.data` request) stays off.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
