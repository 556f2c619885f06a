import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// One id per build, kept in the environment so that the browser and server bundles of one
// `react-router build` share it even if this file is evaluated more than once.
process.env.GUICHET_BUILD_ID ??= `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: {
    __GUICHET_BUILD_ID__: JSON.stringify(process.env.GUICHET_BUILD_ID),
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
  },
});
