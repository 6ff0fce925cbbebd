// The transports' emitted declarations, as an application with only the 1.x SDK or only the 2.x SDK compiles them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const WIRE = join(ROOT, 'src/mcp/wire');
/** Where the declarations and the application live (in memory: nothing is written). */
const APP = join(ROOT, '.app');
const SDK1 = /node_modules\/@modelcontextprotocol\/sdk(\/|$)/;
const SDK2 = /node_modules\/@modelcontextprotocol\/(client|server|core|node)(\/|$)/;

/**
 * The compiler options of the application (and of the emit): `--strict`. The SDK's own `.d.ts` files are
 * taken as they are (`skipLibCheck`); the declarations under test are `.ts` files here, so they are checked.
 */
const STRICT: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  types: ['node'],
  skipLibCheck: true,
};

/** The application: each transport connected by the SDK's own `Client`, and one misuse that must not compile. */
const application = (imports: string) => `
${imports}
import { stdioTransport } from './decl/src/mcp/wire/stdio-link.js';
import { streamableHttpTransport } from './decl/src/mcp/wire/http-link.js';
import { boundTransport } from './decl/src/mcp/wire/wrapped-link.js';
import type { AirlockTransport } from './decl/src/mcp/wire/types.js';

const client = new Client({ name: 'app', version: '1.0.0' });
const stdio: AirlockTransport = stdioTransport({ command: 'node', args: ['server.js'] });
await client.connect(stdio);
await client.connect(streamableHttpTransport({ url: 'https://mcp.example.com/mcp' }));
await client.connect(boundTransport(InMemoryTransport.createLinkedPair()[0]));
await client.connect(boundTransport(new StreamableHTTPClientTransport(new URL('https://mcp.example.com/mcp'))));
await client.connect(boundTransport(new StdioClientTransport({ command: 'node' })));
// @ts-expect-error -- a transport is not a number (proves the declarations were read, not taken as any)
export const wrong: number = stdioTransport({ command: 'node' });
`;

/**
 * The declarations `tsc` emits for the transport modules, in memory, as `.ts` files: the application's
 * program then checks them in full under its own options, while the SDK's own `.d.ts` files are taken as
 * they are (`skipLibCheck` covers only those).
 */
function emitDeclarations(): Map<string, string> {
  const files = new Map<string, string>();
  const options: ts.CompilerOptions = {
    ...STRICT,
    exactOptionalPropertyTypes: true,
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: ROOT,
    outDir: join(APP, 'decl'),
  };
  const entries = ['stdio-link', 'http-link', 'wrapped-link', 'types'].map((name) =>
    join(WIRE, `${name}.ts`),
  );
  const result = ts.createProgram(entries, options).emit(undefined, (file, text) => {
    files.set(file.replace(/\.d\.ts$/, '.ts'), text);
  });
  expect(result.diagnostics).toEqual([]);
  return files;
}

/** The diagnostics of the application's program, with the other SDK line's packages made invisible. */
function compile(declarations: ReadonlyMap<string, string>, app: string, hidden: RegExp): string[] {
  const options: ts.CompilerOptions = { ...STRICT, noEmit: true };
  const files = new Map(declarations).set(join(APP, 'app.ts'), app);
  const host = ts.createCompilerHost(options);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  const directoryExists = host.directoryExists?.bind(host);
  host.fileExists = (path) => files.has(path) || (!hidden.test(path) && fileExists(path));
  host.readFile = (path) => files.get(path) ?? (hidden.test(path) ? undefined : readFile(path));
  host.directoryExists = (dir) =>
    [...files.keys()].some((path) => path.startsWith(`${dir}/`)) ||
    (!hidden.test(dir) && (directoryExists?.(dir) ?? true));
  host.getSourceFile = (path, language, ...rest) => {
    const own = files.get(path);
    if (own !== undefined) return ts.createSourceFile(path, own, language);
    return hidden.test(path) ? undefined : getSourceFile(path, language, ...rest);
  };
  const program = ts.createProgram([join(APP, 'app.ts')], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

/** Every file of the `agent-airlock/mcp` entry: the entry and the folder it exports from. */
function entryFiles(): string[] {
  const folder = join(ROOT, 'src/mcp');
  const nested = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.ts'),
  );
  return [join(ROOT, 'src/mcp.ts'), ...nested.map((name) => join(folder, name))];
}

let declarations: Map<string, string>;

beforeAll(() => {
  declarations = emitDeclarations();
});

describe('agent-airlock/mcp and the MCP SDKs', () => {
  it('imports no MCP SDK, in its sources nor in its declarations', () => {
    const sdkImport = /from\s+['"]@modelcontextprotocol\/|import\(\s*['"]@modelcontextprotocol\//;
    const importing = entryFiles().filter((path) => sdkImport.test(readFileSync(path, 'utf8')));
    expect(importing).toEqual([]);
    expect([...declarations].filter(([, text]) => sdkImport.test(text)).map(([path]) => path)).toEqual([]);
  });

  it('compiles, strict, with only the 2.x SDK installed, whose Client connects every transport', () => {
    const imports = [
      "import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';",
      "import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';",
    ].join('\n');
    expect(compile(declarations, application(imports), SDK1)).toEqual([]);
  });

  it('compiles, strict, with only the 1.x SDK installed, whose Client connects every transport', () => {
    const imports = [
      "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
      "import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';",
      "import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';",
      "import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';",
    ].join('\n');
    expect(compile(declarations, application(imports), SDK2)).toEqual([]);
  });

  it('fails to compile when the application names a package the check hides (the hiding is real)', () => {
    const imports = "import { Client, InMemoryTransport } from '@modelcontextprotocol/client';";
    expect(compile(declarations, application(imports), SDK2).join('\n')).toMatch(
      /Cannot find module '@modelcontextprotocol\/client'/,
    );
  });
});
