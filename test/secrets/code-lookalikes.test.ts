// Code and docs that hold no secret stay as they are: the shapes the dependency READMEs once had redacted.
import { describe, expect, it } from 'vitest';
import { REDACTORS } from './redactors.js';

/** One line of code or documentation per shape the generic rules must read as code, not as a credential. */
const CODE_AND_DOCS: readonly (readonly [string, string])[] = [
  ['a type annotation', 'readonly key: PropertyKey;'],
  ['an optional typed member', '  token?: CancellationToken | undefined;'],
  ['a union type', 'secret: Buffer | string,'],
  ['a JSX prop', '<div key={message.id}>{message.text}</div>'],
  ['a JSX prop with a member', '<PasswordInput password={form.values.password} />'],
  ['an object key naming a variable', 'const options = { token: accessToken, retries: 3 };'],
  ['a call', 'const secret = getSecretFromVault(vaultName);'],
  [
    'a file:line reference',
    'See [src/token-util.ts:35](https://github.com/acme/lib/blob/main/src/token-util.ts#L35).',
  ],
  ['a key fingerprint', 'Key fingerprint = 5E9E 9A59 4F2C 1E47 C9A8  0F6C 6B1E 9D6A 3C8F 24BB'],
  ['a key id in prose', 'Releases are signed with the key `0x24BB6BF4`.'],
  ['a word after "pass"', 'Pass `Infinity` to lift any of these bounds.'],
  ['a word after "key"', 'Press the key `Escape` to close the dialog.'],
  ['an environment reference', 'apiKey: process.env.OPENAI_API_KEY,'],
  ['a comparison', '  inputTokensDetails: response.usage.inputTokensDetails.length > 0'],
  [
    'a data URL after a heading word',
    'SECRET ![badge](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==)',
  ],
];

describe.each(REDACTORS)('code and documentation through %s', (_name, redact) => {
  it.each(CODE_AND_DOCS)('keeps %s', (_shape, text) => {
    expect(redact(text)).toBe(text);
  });
});
