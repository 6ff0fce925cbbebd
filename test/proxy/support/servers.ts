// The servers the proxy tests stand the proxy in front of, as command lines.
import { fileURLToPath } from 'node:url';
import { serverScript } from '../../mcp/support/real-servers.js';

const TSX = import.meta.resolve('tsx');

/** The hostile mail server (test/proxy/servers/mail-server.ts), run through tsx. */
export const MAIL_SERVER: readonly string[] = [
  process.execPath,
  '--import',
  TSX,
  fileURLToPath(new URL('../servers/mail-server.ts', import.meta.url)),
];

/** The reference `server-everything` (stdio). */
export const EVERYTHING: readonly string[] = [
  process.execPath,
  serverScript('@modelcontextprotocol/server-everything'),
];

/** The reference `server-filesystem` over the folder `root`. */
export function filesystem(root: string): readonly string[] {
  return [process.execPath, serverScript('@modelcontextprotocol/server-filesystem'), root];
}

/** `server`, with every byte it writes to the proxy also copied to `file`. */
export function tapped(file: string, server: readonly string[]): readonly string[] {
  return [
    process.execPath,
    '--import',
    TSX,
    fileURLToPath(new URL('../servers/wire-tap.ts', import.meta.url)),
    file,
    '--',
    ...server,
  ];
}
