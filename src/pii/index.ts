// The PII detector's surface: detection, redaction, the kinds and the marker.
export { detectPii, mayHoldPii } from './detect.js';
export { PII_KINDS, piiMarker } from './kinds.js';
export type { PiiKind, PiiMatch } from './kinds.js';
export { redactPii } from './redact.js';
export type { RedactPiiResult } from './redact.js';
