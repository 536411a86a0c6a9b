import { randomBytes } from 'node:crypto';

// A per-file random part plus a counter: unique within a test file by construction, and across
// files (and the PostgreSQL runs that share a server) by a 32-bit chance.
const RUN = randomBytes(4).toString('hex').toUpperCase();
let seq = 0;

/** A unique code for test data: uniq('HS') → "HS3F9A0C121". */
export const uniq = (prefix = '') => `${prefix}${RUN}${(++seq).toString(36).toUpperCase()}`;
