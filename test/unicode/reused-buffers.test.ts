// Reused buffers: the same ones while they fit, grown by doubling, and oversized requests never retained.
import { expect, test } from 'vitest';
import { reusedBuffers } from '../../src/unicode/reused-buffers.js';

function source() {
  const made: number[] = [];
  const buffersFor = reusedBuffers(
    (capacity) => {
      made.push(capacity);
      return new Int32Array(capacity);
    },
    4,
    64,
  );
  return { made, buffersFor };
}

test('gives the retained buffers while a request fits, and grows them at least twofold up to the limit', () => {
  const { made, buffersFor } = source();
  const first = buffersFor(3);
  expect(buffersFor(4)).toBe(first);
  const grown = buffersFor(5);
  expect(grown.length).toBe(8);
  expect(buffersFor(8)).toBe(grown);
  expect(buffersFor(40).length).toBe(40);
  expect(buffersFor(60).length).toBe(64);
  expect(made).toEqual([4, 8, 40, 64]);
});

test('serves a request past the limit with buffers of its own and keeps the retained ones', () => {
  const { made, buffersFor } = source();
  const retained = buffersFor(4);
  const huge = buffersFor(1000);
  expect(huge.length).toBe(1000);
  expect(buffersFor(1000)).not.toBe(huge);
  expect(buffersFor(4)).toBe(retained);
  expect(made).toEqual([4, 1000, 1000]);
});
