import { createHash, createHmac, type Hash } from 'node:crypto';
import type { DbOrTx } from '@/db/client';
import { privateOrderKey } from './order-key.repository';

/**
 * Opaque ids (issue 11: free text reaches quality assurance without who or when). Review, answer and
 * tag ids are sequences: sorted, they give back the order the texts came in and group one response's
 * texts together. On the routes of the review queue and the themes they leave the server as a keyed
 * permutation of 1 … 2³¹−1 and come back through its inverse, so they stay numbers the id schemas
 * accept, yet sorting them says nothing. A number that is not the token of a stored row decodes to
 * some other id, which is a 404 like any unknown id.
 *
 * The permutation: an 8-round alternating Feistel network over 31 bits (halves of 15 and 16 bits, as
 * in NIST FF1 with radix 2), each round a keyed SHA-256 of the kind, the round and the half; 0 is
 * skipped by cycle-walking. The key is derived from the database's private order key
 * (`order-key.repository.ts`), so every process and every restart agrees and no second secret is kept.
 * Each kind of id has its own permutation: a review's token says nothing about its answer's.
 */

export type OpaqueKind = 'review' | 'review-history' | 'detail' | 'tag';
const KIND_TAG: Record<OpaqueKind, number> = { review: 1, 'review-history': 2, detail: 3, tag: 4 };

const BITS = 31;
const U = 15; // bits of the left half at the start
const V = BITS - U;
const ROUNDS = 8;
const mask = (bits: number) => 2 ** bits - 1;

export interface OpaqueIds {
  encode(kind: OpaqueKind, id: number): number;
  decode(kind: OpaqueKind, token: number): number;
}

/** The permutations under one secret (exported for the tests, which check them on a bare key). */
export function opaqueIdsWith(secret: string): OpaqueIds {
  // The keyed prefix is hashed once; each round copies its state (a keyed hash of fixed-length input).
  const base: Hash = createHash('sha256').update(createHmac('sha256', secret).update('surveys.opaque-id').digest());
  const input = Buffer.alloc(6);
  const round = (kind: OpaqueKind, i: number, half: number, bits: number) => {
    input[0] = KIND_TAG[kind];
    input[1] = i;
    input.writeUInt32BE(half, 2);
    return base.copy().update(input).digest().readUInt32BE(0) & mask(bits);
  };
  const forward = (kind: OpaqueKind, x: number) => {
    let a = Math.floor(x / 2 ** V); // U bits
    let b = x % 2 ** V; // V bits
    for (let i = 0; i < ROUNDS; i++) {
      const m = i % 2 === 0 ? U : V;
      const c = (a + round(kind, i, b, m)) & mask(m);
      a = b;
      b = c;
    }
    return a * 2 ** V + b;
  };
  const backward = (kind: OpaqueKind, y: number) => {
    let a = Math.floor(y / 2 ** V);
    let b = y % 2 ** V;
    for (let i = ROUNDS - 1; i >= 0; i--) {
      const m = i % 2 === 0 ? U : V;
      const c = b;
      b = a;
      a = (c - round(kind, i, b, m)) & mask(m);
    }
    return a * 2 ** V + b;
  };
  const inDomain = (n: number) => Number.isInteger(n) && n >= 1 && n <= mask(BITS);
  return {
    encode(kind, id) {
      if (!inDomain(id)) throw new RangeError('opaque id: id outside 1 … 2^31−1');
      let y = forward(kind, id);
      while (y === 0) y = forward(kind, y);
      return y;
    },
    decode(kind, token) {
      if (!inDomain(token)) throw new RangeError('opaque id: token outside 1 … 2^31−1');
      let x = backward(kind, token);
      while (x === 0) x = backward(kind, x);
      return x;
    },
  };
}

const perDb = new WeakMap<object, Promise<OpaqueIds>>();

/** The opaque ids of this database (its private order key), made once per database handle. */
export function opaqueIds(db: DbOrTx): Promise<OpaqueIds> {
  let ids = perDb.get(db);
  if (!ids) {
    ids = privateOrderKey(db).then(opaqueIdsWith);
    ids.catch(() => perDb.delete(db));
    perDb.set(db, ids);
  }
  return ids;
}
