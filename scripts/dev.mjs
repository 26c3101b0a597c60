// `npm run dev`: the reference API on :8080 from the TypeScript sources (tsx, restarted on every change; test
// mode off) and Vite with HMR on :5173, which proxies /api to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const api = spawn('node', ['--import', 'tsx', '--watch', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.API_PORT ?? '8080',
    DEV_USAGE_FEED: process.env.DEV_USAGE_FEED ?? '1',
    // app.ts loads server/routes/*.ts with @fastify/autoload, which imports .ts files only where it recognises a
    // TypeScript loader; tsx given by `--import` is not among those it detects, so it is told.
    FASTIFY_AUTOLOAD_TYPESCRIPT: '1',
    // The app is served by Vite here: its origin is the one the API accepts cookie-authenticated writes from, and
    // the one e-mailed links open.
    PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
  },
});
const vite = spawn('npx', ['vite'], { stdio: 'inherit', env: process.env });

const stop = () => {
  api.kill('SIGTERM');
  vite.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  if (code) stop();
});
vite.on('exit', stop);
