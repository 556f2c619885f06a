import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // Another folder only to build beside a running site (measuring a change while the servers use build/).
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  // v8 behaviours. v8_middleware gives the root its middleware (cross-site post protection);
  // v8_passThroughRequests (loaders would see the raw `.data` request) stays off.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
