import { describe, expect, it } from 'vitest';
import { batchedLines } from './batched-lines.ts';

describe('batchedLines', () => {
  it('hands the lines over in one write once the batch is full, in order, and nothing before', () => {
    const writes: string[] = [];
    const batch = batchedLines({ write: (text) => writes.push(text) }, 20);
    batch.write('{"a":1}\n');
    batch.write('{"b":2}\n');
    expect(writes).toEqual([]);
    batch.write('{"c":3}\n');
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n{"c":3}\n']);
    batch.write('{"d":4}\n');
    expect(writes).toHaveLength(1);
  });

  it('flush() hands over what is gathered, and nothing when nothing is', () => {
    const writes: string[] = [];
    const batch = batchedLines({ write: (text) => writes.push(text) }, 4096);
    batch.flush();
    expect(writes).toEqual([]);
    batch.write('{"a":1}\n');
    batch.write('{"b":2}\n');
    batch.flush();
    batch.flush();
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n']);
  });
});
