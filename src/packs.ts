// The `agent-airlock/packs` entry: fixture packs loaded, run against their contracts, and reported.
export { loadPack } from './packs/load-pack.js';
export { discoverPacks } from './packs/discover.js';
export { runPacks } from './packs/run.js';
export type { RunOptions } from './packs/run.js';
export { PackError } from './packs/pack-error.js';
export type { LoadedPack } from './packs/pack.js';
export type { RunReport, PackResult, CaseResult } from './packs/results.js';
export { formatTextReport } from './packs/report-text.js';
export { formatJsonReport } from './packs/report-json.js';
export { formatJunitReport } from './packs/report-junit.js';
export { formatSarifReport } from './packs/report-sarif.js';
export { openRunVault } from './packs/evidence.js';
