// What the README and the shipped data point at inside the package, read the way a user's editor or viewer would.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Every path of the package the README names relative to itself: the targets of relative links and images
 * (`[…](docs/demo.png)`), and the backticked `examples/…` files it tells a reader to open.
 */
export function readmePackagePaths(readme: string): string[] {
  const links = [...readme.matchAll(/\]\(((?!https?:|#|mailto:)[^)\s]+)\)/g)].map((match) => match[1] ?? '');
  const examples = [
    ...readme.matchAll(/`(?:node_modules\/agent-airlock\/)?(examples\/[^`\s]+\.(?:ts|md))`/g),
  ].map((match) => match[1] ?? '');
  return [...new Set([...links, ...examples])].sort();
}

/** A JSON file of the package and the `$schema` it names. */
export interface SchemaPointer {
  readonly file: string;
  readonly schema: string;
}

/** The `$schema` of every shipped contract and pack, with the file (relative to the package) that names it. */
export function shippedSchemaPointers(packageDir: string): SchemaPointer[] {
  const files = [
    ...readdirSync(join(packageDir, 'fixtures/contracts')).map((name) => `fixtures/contracts/${name}`),
    ...readdirSync(join(packageDir, 'fixtures/packs')).map((name) => `fixtures/packs/${name}/pack.json`),
  ];
  return files.map((file) => {
    const { $schema } = JSON.parse(readFileSync(join(packageDir, file), 'utf8')) as { $schema?: string };
    return { file, schema: $schema ?? '' };
  });
}

/** Where a `$schema` written in `file` leads, relative to the package. */
export function schemaTarget(pointer: SchemaPointer): string {
  return join(dirname(pointer.file), pointer.schema);
}
