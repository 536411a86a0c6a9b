#!/usr/bin/env node
// `npm start`: build the web app, then run the server (embedded PostgreSQL unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env };

// The demo sign-in's default is the server's (config.ts): on for the embedded database without Google,
// off on a PostgreSQL server (DATABASE_URL) unless AUTH_DEV_LOGIN=true is given.

if (env.SKIP_WEB_BUILD !== '1') {
  console.log('Đang build giao diện web (apps/web)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web', '--silent'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
