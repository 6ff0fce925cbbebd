// The one place that creates ajv instances: JSON Schema 2020-12, strict, first error only, formats asserted.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { AnySchema, Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { PURPOSE_KEYWORD, purposeKeywordDefinition } from './purpose-keyword.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** Factory options. Contracts always use the defaults. */
export interface AjvFactoryOptions {
  /**
   * ajv's strict mode (default true): unknown keywords, keywords without their type, open tuples and ignored
   * keywords are definition errors. `false` exists only to measure validation semantics on third-party test
   * suites whose schemas are not written for strict mode; `defineTool` never passes it.
   */
  readonly strict?: boolean;
}

const META_SCHEMA_ID = 'https://json-schema.org/draft/2020-12/schema';

/**
 * One instance per strictness owns the compiled 2020-12 meta-schema for the whole process: compiling it costs
 * far more than a contract, and every instance would otherwise compile its own copy on first use.
 */
const metaOwners = new Map<boolean, Ajv2020>();

/**
 * Airlock's ajv: schemas written for the default 2020-12 meta-schema are checked against the process's one
 * compiled copy of it (same options, same formats, so the same verdict); any other `$schema` is left to ajv.
 */
class AirlockAjv extends Ajv2020 {
  override validateSchema(schema: AnySchema, throwOrLogError?: boolean): boolean | Promise<unknown> {
    const strict = this.opts.strict !== false;
    const owner = metaOwners.get(strict) ?? ownerFor(strict);
    const declared = typeof schema === 'boolean' ? undefined : (schema.$schema as unknown);
    if (
      owner === this ||
      typeof schema === 'boolean' ||
      (declared !== undefined && declared !== META_SCHEMA_ID)
    )
      return super.validateSchema(schema, throwOrLogError);
    const valid = owner.validate(META_SCHEMA_ID, schema);
    this.errors = owner.errors ?? null;
    if (!valid && throwOrLogError === true) throw new Error(`schema is invalid: ${this.errorsText()}`);
    return valid;
  }
}

/**
 * The meta-schema's owner. Its generated code is not optimised: optimising changes no verdict, and for a
 * validator that only checks schemas at definition time it costs more than it ever saves.
 */
function ownerFor(strict: boolean): Ajv2020 {
  const options = ajvOptions(strict);
  const owner = configure(new Ajv2020({ ...options, code: { ...options.code, optimize: false } }));
  metaOwners.set(strict, owner);
  return owner;
}

function ajvOptions(strict: boolean): Options {
  return {
    strict,
    allErrors: false,
    validateFormats: true,
    ownProperties: true,
    unicodeRegExp: true,
    messages: false,
    logger: false,
    inlineRefs: true,
    code: { esm: true },
  };
}

function configure(ajv: Ajv2020): Ajv2020 {
  addFormats(ajv, { mode: 'full' });
  ajv.addKeyword(purposeKeywordDefinition());
  return ajv;
}

/**
 * A fresh ajv instance with Airlock's settings: draft 2020-12, `strict: true` (unknown keywords, ambiguous
 * types and ignored keywords are definition errors), `allErrors: false` (validation stops at the first error, so
 * hostile input cannot buy work), every ajv-formats format asserted, only own properties seen (`ownProperties`:
 * without it `required: ["constructor"]` is met by every object through its prototype), and the field-purpose
 * keyword registered.
 * Each contract gets its own instance so `$id`s of different contracts never collide; schemas are checked
 * against the 2020-12 meta-schema compiled once per process.
 */
export function createAjv(options: AjvFactoryOptions = {}): Ajv2020 {
  return configure(new AirlockAjv(ajvOptions(options.strict ?? true)));
}

export { PURPOSE_KEYWORD };
