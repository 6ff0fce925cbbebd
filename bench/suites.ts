// The list of benchmark suites `npm run bench` runs, in order.
import { coldStartSuite } from './cold-start.js';
import { evidenceSuite } from './evidence.js';
import { eventLoopSuite } from './event-loop.js';
import { gateSuite } from './gate.js';
import { gateStagesSuite } from './gate-stages.js';
import { htmlSuite } from './html.js';
import { jsonSuite } from './json.js';
import { markdownStreamSuite } from './markdown-stream.js';
import { mcpSuite } from './mcp.js';
import { proxySuite } from './proxy.js';
import { textSuite } from './text.js';
import type { BenchSuite } from './harness.js';

/** Every suite, in the order they are printed. */
export const SUITES: readonly BenchSuite[] = [
  jsonSuite,
  textSuite,
  htmlSuite,
  markdownStreamSuite,
  gateSuite,
  gateStagesSuite,
  eventLoopSuite,
  evidenceSuite,
  mcpSuite,
  proxySuite,
  coldStartSuite,
];
