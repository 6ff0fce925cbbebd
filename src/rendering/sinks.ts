// The sink registry: every sink by name, so packs, the demo and adapters drive sinks alike.
import { htmlSink } from '../../sinks/html/sink.js';
import { logSink } from '../../sinks/log/sink.js';
import { markdownSink } from '../../sinks/markdown/sink.js';
import { promptSink } from '../../sinks/prompt/sink.js';
import type { Sink } from '../../sinks/shared/sink.js';

/** Every sink, by name, in report order. Adding a sink is a folder in `sinks/` and one entry here. */
export const SINKS = Object.freeze({
  html: htmlSink,
  markdown: markdownSink,
  prompt: promptSink,
  log: logSink,
} satisfies Readonly<Record<string, Sink<never>>>);

/** One sink's name. */
export type SinkName = keyof typeof SINKS;

/** The sink names in report order. */
export const SINK_NAMES = Object.freeze(Object.keys(SINKS) as SinkName[]);
