import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZOk } from '@app/shared/api';
import { ZActionResult, ZMyRegistration } from '@app/shared/registration';
import { encodesAsParsed, responseSerializer } from './serializer';

/*
 * The responses' serializer (lib/serializer.ts): what fastify-type-provider-zod's gives, by parsing
 * where encoding is the same thing.
 */

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/v1/x', httpStatus: '200' });
const ours = (schema: z.ZodType) => responseSerializer(route(schema));
const theirs = (schema: z.ZodType) => serializerCompiler(route(schema) as Parameters<typeof serializerCompiler>[0]);
const thrown = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err as Error;
  }
  return null;
};

const ZRow = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  kind: z.enum(['a', 'b']),
  note: z.string().nullable().optional(),
  tags: z.array(z.union([z.literal('x'), z.number()])),
  extra: z.record(z.string(), z.number()),
  pair: z.tuple([z.string(), z.boolean()]),
});

describe('encodesAsParsed', () => {
  it('is true for schemas of plain kinds, checks included, the API contracts among them', () => {
    expect(encodesAsParsed(ZRow)).toBe(true);
    expect(encodesAsParsed(ZOk(ZActionResult))).toBe(true);
    expect(encodesAsParsed(ZOk(ZMyRegistration))).toBe(true);
    expect(encodesAsParsed(z.discriminatedUnion('k', [z.object({ k: z.literal(1) }), z.object({ k: z.literal(2), v: z.string() })]))).toBe(
      true,
    );
  });

  it('is false as soon as one part encodes otherwise than it parses', () => {
    const dateString = z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() });
    expect(encodesAsParsed(z.object({ at: dateString }))).toBe(false);
    expect(encodesAsParsed(z.object({ n: z.string().transform(Number) }))).toBe(false);
    expect(encodesAsParsed(z.array(z.number().default(1)))).toBe(false);
    expect(encodesAsParsed(z.object({ s: z.string().catch('') }))).toBe(false);
    expect(encodesAsParsed(z.object({ l: z.lazy(() => z.string()) }))).toBe(false);
  });
});

describe('responseSerializer', () => {
  it('answers what fastify-type-provider-zod answers: keys the schema does not name left out', () => {
    const row = {
      id: 7,
      name: 'Lớp 10A1',
      kind: 'a',
      note: null,
      tags: ['x', 3],
      extra: { k: 1 },
      pair: ['p', true],
      secret: 'never sent',
    };
    const schema = ZOk(z.array(ZRow));
    const data = { success: true, data: [row, { ...row, id: 8, note: undefined }] };
    expect(ours(schema)(data)).toBe(theirs(schema)(data));
    expect(ours(schema)(data)).not.toContain('never sent');
  });

  it('refuses what it refuses, with its error', () => {
    const schema = ZOk(ZRow);
    const bad = { success: true, data: { id: -1, name: '', kind: 'c', tags: [], extra: {}, pair: ['p', true] } };
    const a = thrown(() => ours(schema)(bad));
    const b = thrown(() => theirs(schema)(bad));
    expect(a?.constructor.name).toBe('ResponseSerializationError');
    expect(a?.message).toBe(b?.message);
    expect(String((a as { cause?: unknown }).cause)).toBe(String((b as { cause?: unknown }).cause));
  });

  it('encodes where encoding differs from parsing (a codec)', () => {
    const schema = z.object({ at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }) });
    const data = { at: new Date('2026-12-05T03:00:00Z') };
    expect(ours(schema)(data)).toBe('{"at":"2026-12-05T03:00:00.000Z"}');
    expect(ours(schema)(data)).toBe(theirs(schema)(data));
  });
});
