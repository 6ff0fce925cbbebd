// Generated contracts: closed schemas of every shape the compiler covers (and a few it leaves to the interpreter).
import fc from 'fast-check';
import type { ProjectionSpec } from '../../src/project/projection.js';

type Schema = Record<string, unknown>;

const NAMES = [
  'id',
  'title',
  'body',
  'kind',
  'items',
  'a/b',
  'x~y',
  'constructor',
  'toString',
  'n',
  'url',
  'é',
];

const purposes = fc.constantFrom<unknown>(
  'text',
  { kind: 'text', multiline: true },
  'url',
  { kind: 'url', hosts: ['tickets.example.com'] },
  'html',
);

const stringLeaf: fc.Arbitrary<Schema> = fc.oneof(
  fc.record({
    type: fc.constant('string'),
    maxLength: fc.integer({ min: 1, max: 300 }),
    'x-purpose': purposes,
  }),
  fc.constantFrom<Schema>(
    { type: 'string', pattern: '^T-[0-9]{1,6}$', maxLength: 8, 'x-purpose': 'id' },
    { type: 'string', format: 'date-time', maxLength: 35, 'x-purpose': 'id' },
    { type: 'string', minLength: 2, maxLength: 40, 'x-purpose': 'text' },
    { enum: ['open', 'closed', 'blocked', 'a', 'b', 'c', 'd', 'e', 'f'] },
    { enum: ['open', 'closed'] },
    { const: 'fixed' },
    { type: 'string', enum: ['x', 'y'] },
  ),
);

const otherLeaf: fc.Arbitrary<Schema> = fc.constantFrom<Schema>(
  { type: 'integer', minimum: 0, maximum: 100 },
  { type: 'number', exclusiveMinimum: -5, maximum: 5 },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'null' },
  { enum: [1, 'one', null, true] },
);

const leaf = fc.oneof({ weight: 3, arbitrary: stringLeaf }, { weight: 1, arbitrary: otherLeaf });

const schemaTree: fc.Arbitrary<Schema> = fc.letrec<{ node: Schema }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .tuple(
        fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), tie('node')), {
          selector: ([name]) => name,
          minLength: 1,
          maxLength: 4,
        }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      )
      .map(([members, required]) => ({
        type: 'object',
        properties: Object.fromEntries(members),
        required: members.filter((_, i) => required[i] === true).map(([name]) => name),
        additionalProperties: false,
      })),
    fc
      .tuple(tie('node'), fc.constantFrom(3, 20, 300))
      .map(([items, maxItems]) => ({ type: 'array', maxItems, items })),
    fc.tuple(tie('node'), leaf).map(([first, second]) => ({
      type: 'array',
      prefixItems: [first, second],
      items: false,
      minItems: 2,
      maxItems: 2,
    })),
    tie('node').map((inner) => ({ oneOf: [{ type: 'null' }, inner] })),
    fc.tuple(tie('node'), tie('node')).map(([a, b]) => ({ anyOf: [a, b] })),
    fc.tuple(tie('node'), tie('node')).map(([a, b]) => ({
      oneOf: [
        {
          type: 'object',
          properties: { kind: { const: 'a' }, v: a },
          required: ['kind', 'v'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: { kind: { const: 'b' }, v: b },
          required: ['kind'],
          additionalProperties: false,
        },
      ],
    })),
  ),
})).node;

/** A contract schema: a closed object at the root, sometimes with a member reached through `$defs`. */
export const generatedSchemas: fc.Arbitrary<Schema> = fc
  .tuple(schemaTree, fc.option(schemaTree, { nil: undefined }))
  .map(([main, shared]) => {
    const root =
      main.type === 'object' && main.properties !== undefined
        ? { ...main }
        : { type: 'object', properties: { v: main }, required: ['v'], additionalProperties: false };
    if (shared === undefined) return root;
    const properties = { ...(root.properties as Schema), ref: { $ref: '#/$defs/shared' } };
    return { ...root, properties, $defs: { shared } };
  });

/** A projection of a schema: some declared members picked, lists mapped, and a pointer that leads nowhere. */
export function projectionOf(schema: Schema, choice: number): ProjectionSpec | undefined {
  if (choice % 4 === 0) return undefined;
  const spec: Record<string, ProjectionSpec[string]> = {};
  const members = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  members.forEach(([name, member], i) => {
    const pointer = `/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if ((choice >> i) % 3 === 0) return;
    if (member.type === 'array' && member.items !== false && (choice >> i) % 2 === 0)
      spec[`${name}s`] = {
        from: pointer,
        each:
          (member.items as Schema).type === 'object'
            ? { first: `/${Object.keys((member.items as Schema).properties ?? {})[0] ?? 'none'}` }
            : '',
      };
    else spec[name] = pointer;
  });
  spec.missing = '/nowhere/0';
  return spec;
}
