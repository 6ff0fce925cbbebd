// The public API of Airlock: an explicit list of named exports, locked by a test.
export type { StageName } from './gate/stages.js';
export { STAGE_NAMES } from './gate/stages.js';
export type { AgentCode, DetailCode } from './gate/codes.js';
export { AGENT_CODES } from './gate/codes.js';
export type { Issue } from './gate/issue.js';
export type { Finding, FindingAction } from './purposes/finding.js';
export type { Limits, LimitOverrides, ReadLimits, ParseLimits, OutputLimits, ContentEncoding } from './gate/limits.js';
export { DEFAULT_LIMITS, RAW_MAX_BYTES, SAFE_MAX_BYTES, SANITIZER_EXPANSION_BUDGET } from './gate/limits.js';
