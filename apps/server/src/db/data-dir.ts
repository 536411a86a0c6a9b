import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds the embedded database, the uploads and the generated signing secret: owner-only.
 * Creates it with mode 0700 and takes group and other access away from everything already in it
 * (folders 0700, files 0600 for a tree written before, under a looser umask). New files are made
 * owner-only by main.ts's umask (0077). Symbolic links are left alone (chmod would follow them).
 */
export function secureDataDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tightenTree(dir);
}

/**
 * Owner-only modes for an existing tree, without creating it. A file or folder that vanishes during
 * the walk (PGlite removes temporary files; a test harness may remove the whole folder while the
 * server closes) is skipped: there is nothing left to protect.
 */
export function tightenTree(dir: string) {
  if (process.platform === 'win32') return;
  const stack = [dir];
  while (stack.length) {
    const path = stack.pop()!;
    try {
      const st = lstatSync(path);
      if (st.isSymbolicLink()) continue;
      if (st.isDirectory()) {
        if ((st.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
        for (const name of readdirSync(path)) stack.push(join(path, name));
      } else if (st.mode & 0o077) {
        chmodSync(path, st.mode & 0o700);
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
}
