// The JSON-lines audit sink: a write resolves once the stream took the line, and a failing stream fails the write.
import { PassThrough, Writable } from 'node:stream';
import { expect, test } from 'vitest';
import type { AuditRecord } from '../../src/audit/record.js';
import { jsonLinesAuditSink } from '../../src/audit/sinks.js';
import { jsonLinesEvidenceAuditHook } from '../../src/evidence/audit-stream.js';

const record = { type: 'tool.result', tool: 'x\u2028y', findings: [] } as unknown as AuditRecord;

test('each record is one line, taken by the stream before the write resolves', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      setTimeout(() => {
        lines.push(chunk.toString('utf8'));
        done();
      }, 20);
    },
  });
  await jsonLinesAuditSink(stream).write(record);
  expect(lines).toEqual([JSON.stringify(record) + '\n']);
  expect(lines[0]?.split('\n')).toHaveLength(2);
});

test('a stream that fails a write fails that write and every later one, and never crashes the process', async () => {
  let calls = 0;
  const stream = new Writable({
    write: (_chunk, _encoding, done) => {
      calls++;
      done(new Error('disk full'));
    },
  });
  const sink = jsonLinesAuditSink(stream);
  await expect(sink.write(record)).rejects.toThrow();
  await expect(sink.write(record)).rejects.toThrow();
  expect(calls).toBe(1);
});

test('any number of sinks and hooks over one stream add one error listener to it', () => {
  const stream = new PassThrough();
  const before = stream.listenerCount('error');
  for (let i = 0; i < 20; i++) {
    jsonLinesAuditSink(stream);
    jsonLinesEvidenceAuditHook(stream);
  }
  expect(stream.listenerCount('error')).toBe(before + 1);
});
