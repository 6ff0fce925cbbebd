// The contract and generators the property tests share: a tenant-bound page of items with id, text, enum and url fields.
import fc from 'fast-check';
import { defineTool, type ToolContract, type ToolDefinition } from '../../src/contract/define-tool.js';
import type { LimitOverrides } from '../../src/vocabulary/limits.js';

/** The tenant of the trusted connection in every property. */
export const TENANT = 'tenant-a';

/** Other tenants a response may claim. */
export const OTHER_TENANTS = Object.freeze(['tenant-b', 'tenant-zz', 'Tenant-a', 'tenant-aa']);

/** The request id of every property. */
export const REQUEST_ID = 'req.Prop0001';

/** The trusted context of every property. */
export const CONTEXT = Object.freeze({ requestId: REQUEST_ID, tenant: TENANT });

/** Longest title and note, in code points. */
export const TEXT_MAX = 120;

/**
 * `{ tenantId, items: [{ id, title, status, href, note }] }`: id (pattern), title and note (text), status
 * (enum), href (url under the default egress policy: public https hosts). The tenant is bound to the
 * context; the projection keeps tenantId and each item's id, title, status and href, and drops `note`.
 */
export function boundaryTool(limits?: LimitOverrides): ToolDefinition {
  const contract: ToolContract = {
    name: 'boundary_page',
    version: 'boundary.v1',
    schema: {
      type: 'object',
      required: ['tenantId', 'items'],
      properties: {
        tenantId: { type: 'string', pattern: '^[A-Za-z]+-[a-z]{1,8}$', maxLength: 16, 'x-purpose': 'id' },
        items: {
          type: 'array',
          maxItems: 20,
          items: {
            type: 'object',
            required: ['id', 'title', 'status', 'href', 'note'],
            properties: {
              id: { type: 'string', pattern: '^T-[0-9]{1,6}$', maxLength: 8, 'x-purpose': 'id' },
              title: { type: 'string', maxLength: TEXT_MAX, 'x-purpose': 'text' },
              status: { enum: ['open', 'closed'] },
              href: { type: 'string', maxLength: 512, 'x-purpose': 'url' },
              note: { type: 'string', maxLength: TEXT_MAX, 'x-purpose': 'text' },
            },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    bind: [{ rule: 'equals', pointer: '/tenantId', context: 'tenant' }],
    project: {
      tenantId: '/tenantId',
      items: { from: '/items', each: { id: '/id', title: '/title', status: '/status', href: '/href' } },
    },
    ...(limits === undefined ? {} : { limits }),
  };
  return defineTool(contract);
}

/** One item as generated. */
export interface Item {
  id: string;
  title: string;
  status: string;
  href: string;
  note: string;
}

/** Schemes no url field may ever hold. */
export const FORBIDDEN_SCHEMES = Object.freeze([
  'javascript:',
  'data:',
  'vbscript:',
  'file:',
  'http:',
  'ftp:',
]);

/** Characters that sanitizers and sinks treat specially, mixed with ordinary text. */
const SPECIAL = fc.constantFrom(
  '<',
  '>',
  '&',
  '"',
  "'",
  '\u202e',
  '\u2066',
  '\u200b',
  '\u200d',
  '\u0000',
  '\u001b',
  '\n',
  '\r\n',
  '\u{E0041}',
  '\u{E0100}',
  '\uFE0F',
  'e\u0301',
  '\uFB01',
  '👨\u200d👩\u200d👧',
  '登录',
  'فشل',
  '<|im_start|>',
  '%',
);

/** Text near a field's limits: ordinary and special characters, up to a little over the maximum. */
export const text = fc
  .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }), SPECIAL), { maxLength: 40 })
  .map((parts) => parts.join(''));

/** URL paths: mostly plain, sometimes with characters that canonicalizing percent-encodes. */
const path = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-z0-9/._~-]{0,40}(\?[a-z0-9=&]{0,20})?$/) },
  { weight: 1, arbitrary: text },
);

/** Links the default egress policy allows (some that canonicalizing grows). */
export const allowedLink = fc
  .tuple(fc.constantFrom('https://tickets.example.com/', 'HTTPS://Tickets.Example.com:443/'), path)
  .map(([base, rest]) => base + rest);

/** Any link: allowed ones, forbidden schemes, and hosts the policy blocks. */
export const anyLink = fc.oneof(
  { weight: 6, arbitrary: allowedLink },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          ...FORBIDDEN_SCHEMES.map((scheme) => scheme),
          ' javascript:',
          'java\tscript:',
          'JaVaScRiPt:',
          '//',
        ),
        fc.constantFrom('alert(1)', 'text/html,<script>alert(1)</script>', '//evil.example/x', '/etc/passwd'),
      )
      .map(([scheme, rest]) => scheme + rest),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'https://127.0.0.1/admin',
      'https://localhost/',
      'https://user:pw@tickets.example.com/',
    ),
  },
);

/** An item with generated text and a link from `links`. */
export function itemWith(links: fc.Arbitrary<string>): fc.Arbitrary<Item> {
  return fc.record({
    id: fc.nat({ max: 999_999 }).map((n) => `T-${n}`),
    title: text,
    status: fc.constantFrom('open', 'closed'),
    href: links,
    note: text,
  });
}

/** An item with any link. */
export const item = itemWith(anyLink);

/** Items that are mostly clean (allowed links only), sometimes hostile (any link). */
export const items = fc.oneof(
  { weight: 2, arbitrary: fc.array(itemWith(allowedLink), { maxLength: 12 }) },
  { weight: 1, arbitrary: fc.array(item, { maxLength: 6 }) },
);

/** A page for the trusted tenant or another one. */
export const page = fc.record({
  tenantId: fc.oneof(
    { weight: 3, arbitrary: fc.constant(TENANT) },
    { weight: 1, arbitrary: fc.constantFrom(...OTHER_TENANTS) },
  ),
  items,
});
