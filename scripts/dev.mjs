#!/usr/bin/env node
// `npm run dev`: the API in watch mode and every app's rsbuild dev server with hot reload.
// The shell (http://localhost:3000) proxies the API; /remotes.json points at the remotes' dev servers.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { install, PNPM, ROOT } from './lib.mjs';

install();
// The browser is on the shell's dev server: payment return URLs and page links must point there,
// not at the API's own port (the server never takes its origin from the Host header).
if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));
const children = [
  spawn('npx', [...PNPM, '--filter', '@portal/server', 'dev'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, DEV_REMOTES: '1', PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL || 'http://localhost:3000' },
  }),
  spawn('npx', [...PNPM, '-r', '--parallel', '--filter', './shell', '--filter', './remotes/*', 'dev'], {
    cwd: ROOT,
    stdio: 'inherit',
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
console.log('\nPortal (dev): http://localhost:3000  ·  API: http://localhost:8080\n');
