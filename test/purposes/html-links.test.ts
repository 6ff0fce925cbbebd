// Links in html fields under a policy that names no hosts: never one that carries a query or fragment out.
import { describe, expect, it } from 'vitest';
import { defineEgressPolicy } from '../../src/egress/policy.js';
import { sanitizeHtml } from '../../src/purposes/html/sanitize-html.js';
import { HTML_LINK_REL } from '../../src/purposes/html/profile.js';

const REL = `rel="${HTML_LINK_REL}"`;
const DOCS = defineEgressPolicy({ hosts: ['docs.example.com'] });

/** Query and fragment spellings that an HTML attribute decodes before the URL parser reads them. */
const CARRIERS = ['?d=SECRET', '#SECRET', '?a=1&amp;d=SECRET', '&#63;d=SECRET', '&#x23;SECRET', '/p?d=%53'];

describe('html purpose links', () => {
  it.each(CARRIERS)('under the default policy, turns a link carrying %j into its text', async (carrier) => {
    const value = `<p><a href="https://evil.example${carrier}">exfil</a> <a href="https://evil.example/p">plain</a></p>`;
    const result = await sanitizeHtml(value);
    expect(result).toEqual({
      ok: true,
      value: `<p>exfil <a href="https://evil.example/p" ${REL}>plain</a></p>`,
      findings: [
        {
          code: 'html.link_blocked',
          pointer: '',
          count: 1,
          action: 'cleaned',
          detail: { reason: 'query_budget' },
        },
      ],
      allowance: REL.length + 1,
    });
  });

  it('keeps the query and fragment of a host the policy lists, within its budget', async () => {
    const value = '<a href="https://docs.example.com/s?q=x#r">docs</a>';
    const result = await sanitizeHtml(value, { policy: DOCS });
    expect(result.ok && result.value).toBe(`<a href="https://docs.example.com/s?q=x#r" ${REL}>docs</a>`);
  });
});
