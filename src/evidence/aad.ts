// The additional authenticated data that binds a sealed payload and its wrapped key to the record's labels.
import type { EvidenceHeader } from './record.js';

// Domain labels keep the two uses apart: a payload's AAD can never verify a wrapped key, nor the reverse.
const PAYLOAD_LABEL = 'airlock.evidence.v1.payload';
const WRAPPED_KEY_LABEL = 'airlock.evidence.v1.wrapped-key';

/**
 * The AAD of a record's payload: reference id, tenant, tool, schema version, request id and both times.
 * A payload moved under another reference id, or relabelled, no longer verifies. The key id is left out on
 * purpose so rotation can re-wrap the data key without touching the payload.
 */
export function payloadAad(header: EvidenceHeader): Buffer {
  return encodeFields([PAYLOAD_LABEL, ...headerFields(header)]);
}

/** The AAD of a record's wrapped data key: the same labels plus the id of the key-encryption key. */
export function wrappedKeyAad(header: EvidenceHeader, keyId: string): Buffer {
  return encodeFields([WRAPPED_KEY_LABEL, ...headerFields(header), keyId]);
}

function headerFields(header: EvidenceHeader): string[] {
  return [
    header.ref,
    header.tenant,
    header.tool,
    header.schemaVersion,
    header.requestId,
    String(header.createdAt),
    String(header.expiresAt),
  ];
}

/** Length-prefixed UTF-8 fields (4-byte big-endian length each): no two field lists encode alike. */
function encodeFields(fields: readonly string[]): Buffer {
  const parts: Buffer[] = [];
  for (const field of fields) {
    const bytes = Buffer.from(field, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    parts.push(length, bytes);
  }
  return Buffer.concat(parts);
}
