// npm run dev: the API with reload (tsx watch) on API_PORT and Vite with hot reload on PORT,
// proxying /api, /dev and /sandbox to the API. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server.ts'], {
    cwd: 'apps/api',
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` },
  }),
  spawn('npx', ['vite', '--port', port, '--strictPort'], {
    cwd: 'apps/web',
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
