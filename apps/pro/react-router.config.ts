import type { Config } from '@react-router/dev/config';

// The same React Router options as the public site (apps/web/react-router.config.ts): v8_middleware gives the
// root its middleware (cross-site post protection, the organiser's session).
export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
