// How the stages reach a tool's compiled pass, and the purposes of its projection, built only when read.
import type { StringPlacer } from '../project/copy.js';
import { PurposeRecord, type PurposeMap, type PurposeSource } from '../project/purpose-record.js';
import type { CompiledPass } from './compile-pass.js';
import type { Unsupported } from './keywords.js';

/** A tool's compiled pass, or `undefined` when its contract is interpreted. */
export function compiledPassOf(tool: {
  readonly pass: CompiledPass | Unsupported;
}): CompiledPass | undefined {
  const pass = tool.pass;
  return 'walk' in pass ? pass : undefined;
}

const keep: StringPlacer = (value) => value;

/**
 * The purposes of a compiled projection's strings by pointer: found by running the projection again over the
 * same sanitized value (which nothing outside the gate holds) in its recording mode, the first time they are
 * read. A call whose purposes nobody reads records nothing.
 */
export class ProjectedPurposes implements PurposeSource {
  constructor(
    private readonly pass: CompiledPass,
    private readonly sanitized: unknown,
  ) {}

  toMap(): PurposeMap {
    const record = new PurposeRecord();
    this.pass.project(this.sanitized, keep, record, '');
    return record.toMap();
  }
}
