import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API (npm run dev) listens on API_PORT; Vite proxies /api and the dev pages.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  plugins: [react()],
  build: { sourcemap: true, target: 'es2022' },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': apiTarget, '/dev': apiTarget, '/sandbox': apiTarget },
  },
});
