// The one place that creates ajv instances: JSON Schema 2020-12, strict, first error only, formats asserted.
import { Ajv2020 } from 'ajv/dist/2020.js';
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

/**
 * A fresh ajv instance with Airlock's settings: draft 2020-12, `strict: true` (unknown keywords, ambiguous
 * types and ignored keywords are definition errors), `allErrors: false` (validation stops at the first error, so
 * hostile input cannot buy work), every ajv-formats format asserted, only own properties seen (`ownProperties`:
 * without it `required: ["constructor"]` is met by every object through its prototype), and the field-purpose
 * keyword registered.
 * Each contract gets its own instance so `$id`s of different contracts never collide.
 */
export function createAjv(options: AjvFactoryOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: options.strict ?? true,
    allErrors: false,
    validateFormats: true,
    ownProperties: true,
    unicodeRegExp: true,
    messages: false,
    logger: false,
    inlineRefs: true,
    code: { esm: true },
  });
  addFormats(ajv, { mode: 'full' });
  ajv.addKeyword(purposeKeywordDefinition());
  return ajv;
}

export { PURPOSE_KEYWORD };
