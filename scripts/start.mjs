#!/usr/bin/env node
// `npm start`: build the web app when its sources changed (scripts/web-build.mjs; SKIP_WEB_BUILD=1 never
// builds), then run the server (embedded PostgreSQL unless DATABASE_URL is set) until it is stopped.
//
// Stopping: SIGINT (Ctrl+C), SIGTERM and SIGHUP are passed on to the server, which finishes its open
// requests and closes the database; this process ends with it. npm runs this script through `sh -c`, and
// stopping npm (kill <npm's pid>) ends that shell without passing the signal on: this process then
// finds itself with another parent and stops the server the same way; npm killed outright (SIGKILL)
// leaves the shell behind, so npm's own process is watched too (Linux). If this process is killed outright
// (SIGKILL), the server sees its IPC channel to it close and stops too (apps/server/src/main.ts).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordWebBuild, webBuildIsCurrent, webSourceHash } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env };

// The demo sign-in's default is the server's (config.ts): on for the embedded database without Google,
// off on a PostgreSQL server (DATABASE_URL) unless AUTH_DEV_LOGIN=true is given.

/** /proc/<pid>/<name> on Linux ('' elsewhere, or when the process is gone). */
function procField(pid, name) {
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'utf8').trim();
  } catch {
    return '';
  }
}
/** A process's parent (Linux; null elsewhere or when it is gone): the field after the state in /proc/<pid>/stat. */
function parentOf(pid) {
  const stat = procField(pid, 'stat');
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  return stat && Number.isInteger(ppid) ? ppid : null;
}

/** The process running now (the build, then the server), and the signal that stops everything. */
let child = null;
let stopSignal = null;

function stop(signal) {
  if (stopSignal) return;
  stopSignal = signal;
  if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  else process.exit(0);
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stop(sig));
// Our parent, and under npm (which runs scripts through a shell) npm too: if either ends, so do we.
const parent = process.ppid;
const npm = env.npm_lifecycle_event && /^(sh|dash|bash|zsh)$/.test(procField(parent, 'comm')) ? parentOf(parent) : null;
setInterval(() => {
  if (process.ppid !== parent || (npm && parentOf(parent) !== npm)) stop('SIGTERM');
}, 500).unref();

/** Runs a process to its end: { code, signal }. */
function run(args, opts) {
  child = spawn(process.execPath, args, { env, stdio: 'inherit', ...opts });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

if (env.SKIP_WEB_BUILD !== '1') {
  const hash = webSourceHash(root, env);
  if (webBuildIsCurrent(root, hash)) {
    console.log('Giao diện web không đổi, bỏ qua bước build.');
  } else {
    console.log('Đang build giao diện web (apps/web)...');
    const started = Date.now();
    const web = join(root, 'apps/web');
    const vite = join(dirname(createRequire(join(web, 'package.json')).resolve('vite/package.json')), 'bin/vite.js');
    // Vite itself, not `npm run build`: one process, so a stop reaches it. Warnings and errors only.
    const build = await run([vite, 'build', '--logLevel', 'warn'], { cwd: web });
    if (stopSignal) process.exit(0);
    if (build.code !== 0) {
      console.error('Build giao diện web thất bại.');
      process.exit(build.code ?? 1);
    }
    recordWebBuild(root, hash);
    console.log(`Đã build giao diện web (${((Date.now() - started) / 1000).toFixed(1).replace('.', ',')} s).`);
  }
}

const server = await run(['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  // The IPC channel tells the server when this process is gone, however it ended.
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
process.exit(server.code ?? (stopSignal ? 0 : 1));
