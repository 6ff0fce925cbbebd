// Text purpose options: frozen safe defaults, and configuration mistakes thrown as TypeError or ContractError.
import { describe, expect, it } from 'vitest';
import { ContractError } from '../../src/vocabulary/contract-error.js';
import { TEXT_FINDING_CODES } from '../../src/purposes/text/findings.js';
import {
  resolveTextOptions,
  TEXT_CLEAN_CLASSES,
  TEXT_DEFAULTS,
  type TextOptions,
} from '../../src/purposes/text/options.js';
import { textPurpose } from '../../src/purposes/text/text-purpose.js';
import { sanitizeText } from '../../src/purposes/text/sanitize-text.js';

describe('text options', () => {
  it('defaults are safe and frozen', () => {
    expect(TEXT_DEFAULTS).toMatchObject({
      multiline: true,
      privateUse: 'remove',
      confusables: 'report',
      mixedScript: 'report',
      loneSurrogates: 'reject',
    });
    expect(Object.values(TEXT_DEFAULTS.actions).every((action) => action === 'clean')).toBe(true);
    expect(Object.isFrozen(TEXT_DEFAULTS) && Object.isFrozen(TEXT_DEFAULTS.actions)).toBe(true);
  });

  it('fills in defaults and remembers the result per options object', () => {
    const options: TextOptions = { maxBytes: 10, actions: { control: 'reject' } };
    const resolved = resolveTextOptions(options);
    expect(resolved).toMatchObject({ maxBytes: 10, maxCodePoints: TEXT_DEFAULTS.maxCodePoints });
    expect(resolved.actions).toMatchObject({ control: 'reject', zero_width: 'clean' });
    expect(resolveTextOptions(options)).toBe(resolved);
    expect(resolveTextOptions(resolved)).toBe(resolved);
  });

  it.each([
    [{ maxCodePoints: 0 }, /positive safe integer/],
    [{ maxBytes: 1.5 }, /positive safe integer/],
    [{ multiline: 'yes' }, /must be one of/],
    [{ privateUse: 'drop' }, /must be one of/],
    [{ confusables: 'clean' }, /must be one of/],
    [{ mixedScript: 'ignore' }, /must be one of/],
    [{ loneSurrogates: 'keep' }, /must be one of/],
    [{ secrets: 'drop' }, /must be one of/],
    [{ actions: { control: 'report' } }, /must be one of/],
    [{ actions: { emoji: 'clean' } }, /Unknown text finding class/],
    [{ maxLength: 5 }, /Unknown text option/],
  ])('refuses %j', (options, message) => {
    expect(() => resolveTextOptions(options as TextOptions)).toThrow(TypeError);
    expect(() => resolveTextOptions(options as TextOptions)).toThrow(message);
    expect(() => sanitizeText('x', options as TextOptions)).toThrow(TypeError);
  });

  it('has a reject action for every clean class and a code for each', () => {
    for (const name of TEXT_CLEAN_CLASSES) expect(TEXT_FINDING_CODES).toContain(`text.${name}`);
  });

  it('locks the finding codes', () => {
    expect(TEXT_FINDING_CODES).toEqual([
      'text.too_long',
      'text.lone_surrogate',
      'text.control',
      'text.line_break',
      'text.bidi_control',
      'text.zero_width',
      'text.invisible',
      'text.tag_characters',
      'text.variation_selector',
      'text.noncharacter',
      'text.annotation',
      'text.private_use',
      'text.mixed_script',
      'text.confusable',
      'text.secret',
      'text.pii',
      'text.instruction',
    ]);
  });
});

describe('textPurpose', () => {
  const site = (
    node: Record<string, unknown>,
    options: Record<string, unknown> = {},
    defaults?: Record<string, unknown>,
  ) => ({
    node: { type: 'string', ...node },
    options,
    defaults,
    location: '/properties/message',
  });

  it('takes maxCodePoints from the schema maxLength, contract defaults under field options', () => {
    const options = textPurpose.configure(
      site({ maxLength: 20 }, { multiline: false }, { multiline: true, privateUse: 'keep' }),
    );
    expect(options).toMatchObject({ maxCodePoints: 20, multiline: false, privateUse: 'keep' });
    expect(textPurpose.configure(site({ maxLength: 20 }, { maxCodePoints: 5 })).maxCodePoints).toBe(5);
  });

  it('turns a bad option into a ContractError naming the location', () => {
    expect(() => textPurpose.configure(site({ maxLength: 20 }, { privateUse: 'drop' }))).toThrow(
      ContractError,
    );
    expect(() => textPurpose.configure(site({ maxLength: 20 }, { privateUse: 'drop' }))).toThrow(
      '/properties/message',
    );
  });

  it('sanitizes with the configured options', () => {
    const options = textPurpose.configure(site({ maxLength: 3 }));
    expect(textPurpose.sanitize('abcd', options)).toMatchObject({
      ok: false,
      findings: [{ code: 'text.too_long' }],
    });
    expect(textPurpose.sanitize('a\u200Bb', options)).toMatchObject({ ok: true, value: 'ab' });
  });
});
