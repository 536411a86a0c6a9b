import { spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { secureDataDir, tightenTree } from './data-dir';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Every path under `dir` (itself included) whose mode gives group or others any access. */
function loose(dir: string): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length) {
    const p = stack.pop()!;
    const st = lstatSync(p);
    if (st.isSymbolicLink()) continue;
    if (st.mode & 0o077) out.push(`${p} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const n of readdirSync(p)) stack.push(join(p, n));
  }
  return out;
}
function count(dir: string): { files: number; dirs: number } {
  let files = 0;
  let dirs = 0;
  const stack = [dir];
  while (stack.length) {
    const p = stack.pop()!;
    if (lstatSync(p).isDirectory()) {
      dirs++;
      for (const n of readdirSync(p)) stack.push(join(p, n));
    } else files++;
  }
  return { files, dirs };
}

/** A data directory as an older version left it: everything readable and writable by all. */
function looseTree(dir: string) {
  mkdirSync(join(dir, 'uploads'), { recursive: true });
  writeFileSync(join(dir, 'uploads', 'old.png'), 'x');
  writeFileSync(join(dir, '.auth-secret-old'), 'x');
  for (const [p, mode] of [
    [dir, 0o777],
    [join(dir, 'uploads'), 0o777],
    [join(dir, 'uploads', 'old.png'), 0o666],
    [join(dir, '.auth-secret-old'), 0o644],
  ] as const)
    chmodSync(p, mode);
}

describe.skipIf(process.platform === 'win32')('the data directory is the owner’s alone', () => {
  it('tightens an existing 0777/0666 tree to folders 0700 and files 0600, leaving symbolic links alone', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'data-dir-')), 'data');
    looseTree(dir);
    const outside = join(tmpdir(), `outside-${process.pid}.txt`);
    writeFileSync(outside, 'x');
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(dir, 'link'));
    expect(loose(dir).length).toBe(4);
    secureDataDir(dir);
    expect(loose(dir)).toEqual([]);
    expect(lstatSync(join(dir, 'uploads')).mode & 0o777).toBe(0o700);
    expect(lstatSync(join(dir, 'uploads', 'old.png')).mode & 0o777).toBe(0o600);
    expect(lstatSync(outside).mode & 0o777).toBe(0o644);
  });

  it('a folder removed before or while the tree is tightened (a closing server, a test harness) is neither an error nor re-created', () => {
    const gone = join(mkdtempSync(join(tmpdir(), 'data-dir-')), 'removed');
    expect(() => tightenTree(gone)).not.toThrow();
    expect(existsSync(gone)).toBe(false);
  });

  it('the server started on a fresh DATA_DIR (embedded database) leaves nothing readable by group or others', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'data-dir-')), 'data');
    // Uploads from an older version, under a loose mode, next to a database created now.
    looseTree(dir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATA_DIR: dir,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        WEB_DIST: join(tmpdir(), 'no-web-dist'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (out.includes('Sẵn sàng')) {
            clearInterval(timer);
            resolve();
          }
        }, 100);
        void exited.then(() => {
          clearInterval(timer);
          reject(new Error(`server exited:\n${out}`));
        });
      });
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    const made = count(join(dir, 'pgdata'));
    expect(made.files).toBeGreaterThan(100);
    expect(loose(dir)).toEqual([]);
  }, 120_000);
});
