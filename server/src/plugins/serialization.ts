import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The envelope route() answers with (plugins/contract.ts). */
interface Success {
  code: 0;
  data: unknown;
  msg: '';
}

const isPlainSuccess = (payload: unknown): payload is Success => {
  const p = payload as Partial<Success> | null;
  return p !== null && typeof p === 'object' && p.code === 0 && p.msg === '' && Object.keys(p).length === 3;
};

/**
 * Answers are encoded with the route's zod schema (fastify-type-provider-zod: what the contract
 * does not name never leaves the server), then JSON. When the data of a success is frozen (a
 * cached value: the catalogue, a member's info), the same object always makes the same text, so
 * each route keeps that text for as long as the object lives: the schema walk and JSON.stringify
 * were a fifth of the CPU of a busy read.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const serialize = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const texts = new WeakMap<object, string>();
  return (payload) => {
    if (!isPlainSuccess(payload)) return serialize(payload);
    const { data } = payload;
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(payload);
    let text = texts.get(data);
    if (text === undefined) {
      text = serialize(payload);
      texts.set(data, text);
    }
    return text;
  };
};
