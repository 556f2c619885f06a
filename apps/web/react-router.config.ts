import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // v8 behaviours that change nothing in route code. v8_middleware (loader `context` becomes a
  // RouterContextProvider) and v8_passThroughRequests (loaders see the raw `.data` request) are left
  // for when the per-request API client is designed.
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
