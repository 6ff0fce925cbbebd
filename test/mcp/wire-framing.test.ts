// Framing below any parser: member spans found by structure, lines and events bounded, oversized ones skipped in step.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idOf, memberNamed, scanLastMember, scanObject } from '../../src/mcp/wire/member-scan.js';
import { LineSplitter, type LineEvent } from '../../src/mcp/wire/line-splitter.js';
import { SseDecoder } from '../../src/mcp/wire/sse-decoder.js';
import type { Frame } from '../../src/mcp/wire/types.js';

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const text = (value: Uint8Array) => Buffer.from(value).toString();

describe('scanObject', () => {
  it('finds every top-level member with the exact span of its value, whatever the strings hold', () => {
    const message = bytes('{"result":{"a":"x\\"}{","b":[1,{"c":"]"}]},"jsonrpc":"2.0","id":"airlock:7"}');
    const scanned = scanObject(message)!;
    expect(scanned.closed).toBe(true);
    expect(scanned.members.map((member) => member.name)).toEqual(['result', 'jsonrpc', 'id']);
    const result = memberNamed(scanned, 'result')!;
    expect(text(message.subarray(result.start, result.end))).toBe('{"a":"x\\"}{","b":[1,{"c":"]"}]}');
    expect(idOf(message, memberNamed(scanned, 'id'))).toBe('airlock:7');
  });

  it('agrees with JSON.parse on the members of any object', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const message = bytes(JSON.stringify(value));
        const scanned = scanObject(message)!;
        expect(scanned.closed).toBe(true);
        const found = Object.fromEntries(
          scanned.members.map((m) => [m.name, JSON.parse(text(message.subarray(m.start, m.end))) as unknown]),
        );
        expect(found).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('reports the open member of a cut message, and nothing for what is not an object', () => {
    const cut = scanObject(bytes('{"jsonrpc":"2.0","result":{"content":[{"type":"te'))!;
    expect(cut).toMatchObject({ closed: false, open: { name: 'result', start: 26 } });
    expect(scanObject(bytes('[1,2]'))).toBeUndefined();
    expect(scanObject(bytes('{"a" 1}'))).toBeUndefined();
  });

  it('reads the last member backwards from a tail, and refuses a tail that only looks like one', () => {
    const tail = bytes('xxxx"}]},"jsonrpc":"2.0","id":12}');
    expect(idOf(tail, scanLastMember(tail))).toBe(12);
    expect(scanLastMember(bytes('tt"}]},"x\\"id":12}'))?.name).toBe('x"id');
    expect(scanLastMember(bytes('"id":12}}'))).toBeUndefined();
  });
});

describe('LineSplitter', () => {
  it('frames lines across chunks, drops CR, and skips a line over the ceiling keeping its head, tail and size', () => {
    const events: LineEvent[] = [];
    const splitter = new LineSplitter(16, 20);
    for (const chunk of ['{"a":1}\r\n{"b":', '2}\n', '0123456789', '0123456789abcdefghij', 'XYZ\n{"c":3}\n'])
      splitter.push(bytes(chunk), (event) => events.push(event));
    expect(events.map((event) => event.kind)).toEqual(['line', 'line', 'oversized', 'line']);
    expect(text((events[0] as { bytes: Uint8Array }).bytes)).toBe('{"a":1}');
    expect(events[2]).toMatchObject({ total: 33 });
    expect(text((events[2] as { head: Uint8Array }).head)).toBe('01234567890123456789');
    expect(text((events[2] as { tail: Uint8Array }).tail).endsWith('hijXYZ')).toBe(true);
    expect(text((events[3] as { bytes: Uint8Array }).bytes)).toBe('{"c":3}');
  });
});

describe('SseDecoder', () => {
  it('turns message events into frames with the exact data bytes, ignoring other events and comments', () => {
    const frames: Frame[] = [];
    const decoder = new SseDecoder(64, 80, 'airlock:1');
    const stream =
      ': comment\nevent: ping\ndata: {"x":0}\n\nid: 1\ndata: {"jsonrpc":"2.0","id":"airlock:1","result":{}}\n\n';
    for (const chunk of [stream.slice(0, 30), stream.slice(30)])
      decoder.push(bytes(chunk), (frame) => frames.push(frame));
    expect(frames).toHaveLength(1);
    expect(text((frames[0] as { bytes: Uint8Array }).bytes)).toBe(
      '{"jsonrpc":"2.0","id":"airlock:1","result":{}}',
    );
  });

  it('reports an event whose data crosses the ceiling as oversized, answering the POST it came on', () => {
    const frames: Frame[] = [];
    const decoder = new SseDecoder(64, 80, 'airlock:9');
    decoder.push(bytes(`data: {"result":"${'z'.repeat(200)}"}\n\ndata: {"ok":1}\n\n`), (frame) =>
      frames.push(frame),
    );
    expect(frames[0]).toMatchObject({ kind: 'oversized', replyTo: 'airlock:9', total: 213 });
    expect(text((frames[0] as { head: Uint8Array }).head).startsWith('{"result":"zzz')).toBe(true);
    expect(text((frames[1] as { bytes: Uint8Array }).bytes)).toBe('{"ok":1}');
  });
});
