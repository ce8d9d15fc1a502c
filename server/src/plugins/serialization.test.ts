import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deepFreeze } from '../cache/cache.ts';
import { serializerCompiler } from './serialization.ts';

function compile() {
  let checks = 0;
  const schema = z.object({
    code: z.number(),
    data: z.object({ id: z.number().refine(() => ++checks > 0), tags: z.array(z.string()) }),
    msg: z.string(),
  });
  const serialize = serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });
  return { serialize, checks: () => checks };
}

describe('answer serialisation', () => {
  it('drops what the contract does not name, frozen or not', () => {
    const { serialize } = compile();
    const data = { id: 1, tags: ['a'], passwordHash: 'secret' };
    for (const d of [data, deepFreeze({ ...data })]) {
      expect(JSON.parse(serialize({ code: 0, data: d, msg: '' }))).toEqual({ code: 0, data: { id: 1, tags: ['a'] }, msg: '' });
    }
  });

  it('encodes a frozen (cached) answer once per route, anything else every time', () => {
    const { serialize, checks } = compile();
    const cached = deepFreeze({ id: 2, tags: ['b'] });
    const first = serialize({ code: 0, data: cached, msg: '' });
    expect(serialize({ code: 0, data: cached, msg: '' })).toBe(first);
    expect(checks()).toBe(1);
    const fresh = { id: 2, tags: ['b'] };
    serialize({ code: 0, data: fresh, msg: '' });
    serialize({ code: 0, data: fresh, msg: '' });
    expect(checks()).toBe(3);
    // Another envelope (an error, a message) around the same data is not the kept text.
    expect(JSON.parse(serialize({ code: 7, data: cached, msg: 'x' }))).toMatchObject({ code: 7, msg: 'x' });
    expect(checks()).toBe(4);
  });

  it('deepFreeze freezes nested objects and arrays', () => {
    const value = deepFreeze({ list: [{ n: 1 }] });
    expect(Object.isFrozen(value.list)).toBe(true);
    expect(Object.isFrozen(value.list[0])).toBe(true);
    expect(() => {
      (value.list[0] as { n: number }).n = 2;
    }).toThrow(TypeError);
  });
});
