// Structure checks a real token passes: GitHub-style CRC32 checksums and base64-encoded JSON payloads.

const CRC_TABLE: readonly number[] = Object.freeze(
  Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  }),
);

/** CRC32 (IEEE) of the UTF-16 code units of an ASCII string. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) {
    crc = (CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  while (rest > 0) {
    out = BASE62.charAt(rest % 62) + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, '0');
}

/** True when a token's last six characters are the base62 CRC32 of the rest (GitHub and npm token format). */
export function hasGithubChecksum(token: string): boolean {
  const underscore = token.indexOf('_');
  if (underscore < 0 || token.length < underscore + 8) return false;
  const body = token.slice(underscore + 1);
  const random = body.slice(0, -6);
  return base62(crc32(random), 6) === body.slice(-6);
}

/** True when a base64 or base64url string decodes to a JSON object. */
export function isBase64Json(encoded: string): boolean {
  try {
    const json = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8').trim();
    // Only text that opens and closes an object is parsed: a failing parse throws, and throwing is slow.
    if (!json.startsWith('{') || !json.endsWith('}')) return false;
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

/** True when a Grafana key's base64 opens `{"k":"` with a random id of letters and digits (a Power BI link's
 * `{"k":"<uuid>"` does not: its id has dashes). */
export function hasGrafanaKeyId(token: string): boolean {
  const head = Buffer.from(token.slice(0, 64), 'base64').toString('latin1');
  return /^\{"k":"[A-Za-z0-9]{16}/.test(head);
}
