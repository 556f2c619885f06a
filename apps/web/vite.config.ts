import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// One id per build, kept in the environment so that the browser and server bundles of one
// `react-router build` share it even if this file is evaluated more than once.
process.env.GUICHET_BUILD_ID ??= `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * What server.mjs does in production, for the development server: the visitor's address (the socket's) in
 * a header of our own, replacing whatever a visitor sent in it. Registered before React Router's handler.
 */
const visitorAddress: Plugin = {
  name: 'guichet-visitor-address',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      request.headers['x-guichet-client-address'] = request.socket.remoteAddress ?? '';
      next();
    });
  },
};

export default defineConfig({
  plugins: [visitorAddress, tailwindcss(), reactRouter()],
  define: {
    __GUICHET_BUILD_ID__: JSON.stringify(process.env.GUICHET_BUILD_ID),
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
  },
  build: {
    // The icon sprite stays a file: `<use href="data:…#id">` draws nothing (components/ui/icons.tsx).
    assetsInlineLimit: (file) => (file.endsWith('/icons.svg') ? false : undefined),
  },
});
