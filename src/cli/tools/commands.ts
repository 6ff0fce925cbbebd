// `airlock tools pending|show|approve|state`: review and pin the tool definitions the proxy quarantined.
import { createToolRegistry } from '../../calls/registry.js';
import { isToolState, TOOL_STATES } from '../../calls/tool-state.js';
import { namespacedToolStore, SERVER_NAME } from '../../proxy/upstream/namespaced-store.js';
import { EXIT, type CliIo, type Command } from '../command.js';
import { lineDiff } from './line-diff.js';
import { isKillSwitch, readableDefinition, storedTool, type StoredTool } from './tool-review.js';
import { defineToolsCommand } from './tools-store.js';

/** `airlock tools pending`: every tool waiting for approval, new or changed. Exit 0, or 1 when some wait. */
export const toolsPendingCommand: Command = defineToolsCommand({
  path: ['tools', 'pending'],
  summary: 'list the tools the proxy keeps from its clients until an operator approves them',
  usage: '',
  help: '  Prints one line per waiting tool: SERVER.TOOL, new or changed, and the published hash.\n  exit 0: none waits; 1: some wait.',
  positionals: 0,
  async work(store, _args, io) {
    const waiting: StoredTool[] = [];
    for (const name of await store.names()) {
      if (isKillSwitch(name)) continue;
      const tool = await storedTool(store, name);
      if (tool.state !== 'approved' && tool.published !== undefined) waiting.push(tool);
    }
    for (const tool of waiting)
      io.stdout(`${tool.name}\t${tool.state}\t${tool.published?.hash.slice(0, 12) ?? ''}\n`);
    if (waiting.length === 0) io.stdout('no tool waits for approval\n');
    return waiting.length === 0 ? EXIT.ok : EXIT.failed;
  },
});

/** `airlock tools show SERVER.TOOL`: the published definition, exactly, and what changed since the pinned one. */
export const toolsShowCommand: Command = defineToolsCommand({
  path: ['tools', 'show'],
  summary: 'show a tool definition as its server published it, and its diff from the approved one',
  usage: 'SERVER.TOOL',
  help: '  Hidden characters (controls, bidi, zero-width, tags) are shown as \\u{…}.\n  exit 0: shown; 1: no such tool.',
  positionals: 1,
  async work(store, { positionals }, io) {
    const tool = await storedTool(store, positionals[0] ?? '');
    if (tool.published === undefined) return notFound(io, 'show');
    io.stdout(`${tool.name}\t${tool.state}\tpublished ${tool.published.hash.slice(0, 12)}\n`);
    io.stdout(`${readableDefinition(tool.published)}\n`);
    if (tool.state === 'changed' && tool.pinned !== undefined) {
      io.stdout(`\nchanges since the approved definition ${tool.pinned.hash.slice(0, 12)}:\n`);
      io.stdout(`${lineDiff(readableDefinition(tool.pinned), readableDefinition(tool.published))}\n`);
    }
    return EXIT.ok;
  },
});

/** `airlock tools approve SERVER.TOOL [--hash PREFIX]`: pins the published definition. */
export const toolsApproveCommand: Command = defineToolsCommand({
  path: ['tools', 'approve'],
  summary: 'approve the definition a tool now publishes (its clients see it from the next listing)',
  usage: 'SERVER.TOOL [--hash PREFIX]',
  help: '  --hash PREFIX  approve only if the published definition still has this hash (as `show` printed it)\n  exit 0: approved; 1: no such tool, or its definition changed since you reviewed it.',
  options: { hash: { type: 'string' } },
  positionals: 1,
  async work(store, { values, positionals }, io) {
    const name = positionals[0] ?? '';
    const dot = name.indexOf('.');
    const server = name.slice(0, dot);
    if (dot < 1 || !SERVER_NAME.test(server)) return notFound(io, 'approve');
    const tool = await storedTool(store, name);
    if (tool.published === undefined) return notFound(io, 'approve');
    const expected = values.hash;
    if (typeof expected === 'string' && (expected.length < 8 || !tool.published.hash.startsWith(expected))) {
      io.stderr('airlock tools approve: the published definition no longer has that hash; review it again\n');
      return EXIT.failed;
    }
    const registry = createToolRegistry({ store: namespacedToolStore(store, server) });
    const verdict = await registry.approve(JSON.parse(tool.published.definition) as unknown);
    if (verdict.status !== 'approved') return notFound(io, 'approve');
    io.stdout(`approved ${name} ${verdict.hash.slice(0, 12)}\n`);
    return EXIT.ok;
  },
});

/** `airlock tools state NAME STATE`: a tool's run-time state, or a kill switch (`*`, `SERVER.*`). */
export const toolsStateCommand: Command = defineToolsCommand({
  path: ['tools', 'state'],
  summary: 'set a tool offline, metadata-only or active; "*" (every server) or "SERVER.*" is a kill switch',
  usage: `NAME ${TOOL_STATES.join('|')}`,
  help: '  Every proxy on the same store applies it to the next call.\n  exit 0: set; 2: an unknown state.',
  positionals: 2,
  async work(store, { positionals }, io) {
    const [name = '', state = ''] = positionals;
    if (!isToolState(state)) {
      io.stderr(`airlock tools state: the state must be one of ${TOOL_STATES.join(', ')}\n`);
      return EXIT.usage;
    }
    await store.setState(name, state, Date.now());
    io.stdout(`${name} is ${state}\n`);
    return EXIT.ok;
  },
});

function notFound(io: CliIo, command: string): number {
  io.stderr(`airlock tools ${command}: no published tool of that name in the store\n`);
  return EXIT.failed;
}
