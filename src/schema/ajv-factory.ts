// The one place that creates ajv instances: JSON Schema 2020-12, strict, first error only, formats asserted.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { AnySchema, Options, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { PURPOSE_KEYWORD, purposeKeywordDefinition } from './purpose-keyword.js';
import { validate as precompiledMeta } from './generated/meta-2020-12.js';
import { validate as precompiledPurposeShape } from './generated/purpose-keyword.js';

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
 * The strict 2020-12 meta-schema check, generated ahead of time by `scripts/generate-validators.ts` with
 * `compileOptions(true)`: compiling the meta-schema costs far more than a contract.
 */
const strictMetaCheck = precompiledMeta as unknown as ValidateFunction;

/**
 * The `x-purpose` value check of strict instances, generated ahead of time from the keyword's meta-schema with
 * `compileOptions(true)`, the options strict instances have: compiling it would cost each contract as much again.
 */
const strictPurposeShapeCheck = precompiledPurposeShape as unknown as ValidateFunction;

/** Non-strict checks (third-party suites only) compile the meta-schema once per process, on first use. */
let lenientMetaCheck: ValidateFunction | undefined;

/**
 * Airlock's ajv: schemas written for the default 2020-12 meta-schema are checked against the process's one
 * compiled copy of it (same options, same formats, so the same verdict); any other `$schema` is left to ajv.
 */
class AirlockAjv extends Ajv2020 {
  override validateSchema(schema: AnySchema, throwOrLogError?: boolean): boolean | Promise<unknown> {
    const declared = typeof schema === 'boolean' ? undefined : (schema.$schema as unknown);
    if (typeof schema === 'boolean' || (declared !== undefined && declared !== META_SCHEMA_ID))
      return super.validateSchema(schema, throwOrLogError);
    const check = this.opts.strict === false ? lenientMetaCheckOnce() : strictMetaCheck;
    const valid = check(schema);
    this.errors = check.errors ?? null;
    if (!valid && throwOrLogError === true) throw new Error(`schema is invalid: ${this.errorsText()}`);
    return valid;
  }
}

/** The non-strict meta-schema check, compiled by an instance of its own on first use. */
function lenientMetaCheckOnce(): ValidateFunction {
  lenientMetaCheck ??= configure(new Ajv2020(compileOptions(false))).getSchema(META_SCHEMA_ID);
  if (lenientMetaCheck === undefined) throw new Error('ajv has no 2020-12 meta-schema');
  return lenientMetaCheck;
}

/**
 * Airlock's options without ajv's optimising pass, which every instance here compiles with (the meta-schema,
 * the keyword check and contracts): the pass changes no verdict and (measured on a 20 KB result) no validation
 * speed, while skipping it takes about a fifth off compiling a contract, the step a process's first call waits
 * for.
 */
export function compileOptions(strict: boolean): Options {
  const options = ajvOptions(strict);
  return { ...options, code: { ...options.code, optimize: false } };
}

/** Airlock's ajv options for one strictness (shared with the script that precompiles validators). */
export function ajvOptions(strict: boolean): Options {
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

/**
 * Adds Airlock's formats and keywords to an ajv instance (shared with the validator generator). The keyword's
 * value is checked by `purposeShapeCheck` when given, else by its meta-schema compiled by this instance.
 */
export function configure(ajv: Ajv2020, purposeShapeCheck?: ValidateFunction): Ajv2020 {
  addFormats(ajv, { mode: 'full' });
  ajv.addKeyword(purposeKeywordDefinition(purposeShapeCheck));
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
  const strict = options.strict ?? true;
  return configure(new AirlockAjv(compileOptions(strict)), strict ? strictPurposeShapeCheck : undefined);
}

export { PURPOSE_KEYWORD };
