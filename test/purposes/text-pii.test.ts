// The text purpose's opt-ins: `pii: 'redact'` (typed markers, one `text.pii` finding) and `placeholders: 'redact'`.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineTool } from '../../src/contract/define-tool.js';
import { purpose } from '../../src/contract/zod-purpose.js';
import { createGate } from '../../src/gate/create-gate.js';
import { resolveTextOptions } from '../../src/purposes/text/options.js';
import {
  passesText,
  sanitizeText,
  sanitizeTextWithoutShortcuts,
} from '../../src/purposes/text/sanitize-text.js';
import { ContractError } from '../../src/vocabulary/contract-error.js';
import { asJson } from '../support/as-json.js';

/** Made-up personal data of valid form (the card passes Luhn, the IBAN mod 97). */
const CONTACT = 'Reach ana.silva@mail.example.org or +44 20 7946 0958; card 4539 1488 0343 6467.';
const CONTACT_REDACTED = 'Reach [redacted:pii:email] or [redacted:pii:phone]; card [redacted:pii:card].';

describe('sanitizeText and personal data', () => {
  it('keeps personal data by default: many tools return addresses on purpose', () => {
    expect(sanitizeText(CONTACT)).toEqual({ ok: true, value: CONTACT, findings: [], hidden: [] });
  });

  it('redacts it with `pii: "redact"`, one `text.pii` finding with counts per kind and no value', () => {
    const result = sanitizeText(CONTACT, { pii: 'redact' });
    expect(result).toMatchObject({
      ok: true,
      value: CONTACT_REDACTED,
      findings: [
        {
          code: 'text.pii',
          pointer: '',
          count: 3,
          action: 'cleaned',
          detail: { kinds: 'card email phone', card: 1, email: 1, phone: 1 },
        },
      ],
    });
    expect(JSON.stringify(result.findings)).not.toMatch(/ana\.silva|7946|4539/);
    expect(result).toEqual(sanitizeTextWithoutShortcuts(CONTACT, { pii: 'redact' }));
  });

  it('redacts secrets first and personal data after, each with its own finding', () => {
    const text = 'password: hunter2-Blue!\nContact ops@corp.example.com';
    const result = sanitizeText(text, { pii: 'redact' });
    expect(result.ok && result.value).toBe(
      'password: [redacted:secret:generic]\nContact [redacted:pii:email]',
    );
    expect(result.findings.map((finding) => finding.code)).toEqual(['text.secret', 'text.pii']);
  });

  it('keeps numbers that fail their check, versions, dates and order ids', () => {
    const text =
      'Order ORD-2024-000123 shipped 2024-05-17 with v2.14.3; card 4539 1488 0343 6468 was declined.';
    expect(sanitizeText(text, { pii: 'redact' })).toEqual({
      ok: true,
      value: text,
      findings: [],
      hidden: [],
    });
  });
});

describe('the shortcuts under `pii: "redact"`', () => {
  const texts = [
    CONTACT,
    'Plain status text, nothing personal here.',
    'Ticket 4812 closed by ops; see build 20240517.',
    'token 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 for ana.silva@mail.example.org',
    'Zero\u200Bwidth and +44 20 7946 0958',
  ];
  const optionSets = [{ pii: 'redact' as const }, { pii: 'redact' as const, secrets: 'keep' as const }];

  it('answer as the full path does, and pass only what comes out unchanged', () => {
    for (const text of texts) {
      for (const options of optionSets) {
        const result = sanitizeText(text, options);
        expect(result).toEqual(sanitizeTextWithoutShortcuts(text, options));
        if (passesText(text, resolveTextOptions(options)))
          expect(result).toEqual({ ok: true, value: text, findings: [], hidden: [] });
      }
    }
    expect(passesText('Plain status text, nothing personal here.', resolveTextOptions(optionSets[0]))).toBe(
      true,
    );
    expect(passesText(CONTACT, resolveTextOptions(optionSets[0]))).toBe(false);
  });
});

describe('sanitizeText and placeholders', () => {
  const sample = 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE\napi_key = "<your-api-key>"';

  it('keeps placeholders in a credential’s place by default, and redacts them with `placeholders: "redact"`', () => {
    expect(sanitizeText(sample)).toEqual({ ok: true, value: sample, findings: [], hidden: [] });
    const result = sanitizeText(sample, { placeholders: 'redact' });
    expect(result.ok && result.value).toBe(
      'aws_access_key_id = [redacted:secret:aws]\napi_key = "[redacted:secret:generic]"',
    );
  });

  it('keeps template references either way: they name where a credential comes from and hold none', () => {
    const text = 'API_KEY=${API_KEY}\npassword = process.env.DB_PASSWORD';
    expect(sanitizeText(text, { placeholders: 'redact' })).toMatchObject({ ok: true, value: text });
  });
});

describe('the pii option in a contract', () => {
  const tool = (pii: 'redact' | 'keep' | 'mask') =>
    defineTool({
      name: 'customer_lookup',
      version: 'customer_lookup.v1',
      schema: z.object({ note: purpose.text(z.string().max(2000), { pii }) }),
    });

  it('redacts a field whose purpose says `pii: "redact"`, and keeps one that says `keep`', async () => {
    const gate = createGate();
    for (const [pii, note] of [
      ['redact', CONTACT_REDACTED],
      ['keep', CONTACT],
    ] as const) {
      const outcome = await gate.accept(tool(pii), JSON.stringify({ note: CONTACT }), {
        requestId: 'req.00000001',
      });
      expect(asJson(outcome)).toMatchObject({ ok: true, data: { note } });
    }
  });

  it('refuses a pii option outside its union at definition time', () => {
    expect(() => tool('mask')).toThrow(ContractError);
  });
});
