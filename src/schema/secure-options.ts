// The options ajv's security meta-schema is compiled with (by the validator generator, ahead of time).
import type { Options } from 'ajv';

/**
 * ajv's own meta-schema is not checked against draft-07's (that would compile draft-07 for nothing), and is
 * generated without the optimising pass, which changes no verdict and costs more than it saves here.
 */
export const SECURE_CHECKER_OPTIONS: Options = {
  strict: false,
  allErrors: false,
  validateSchema: false,
  code: { optimize: false },
};
