// The proxy's settings from its flags and its config file: flags win, then the server's entry, then the file.
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { storeKind } from '../../evidence/open-store.js';
import { EgressPolicyError } from '../../egress/errors.js';
import { defineEgressPolicy } from '../../egress/policy.js';
import { INSTRUCTION_POLICIES } from '../../purposes/text/instruction.js';
import { SERVER_NAME } from '../upstream/namespaced-store.js';
import type { FrontSpec, ProxySettings, ToolRule, UpstreamSpec } from '../settings.js';
import { ProxyConfigError } from './config-error.js';
import type { ProxyConfig, ServerConfig } from './load-config.js';
import { defaultStateDir, STATE_FILES } from './state-dir.js';

/** The flags of `airlock proxy`, as parsed. */
export interface ProxyFlags {
  readonly server?: string | undefined;
  readonly name?: string | undefined;
  readonly upstream?: string | undefined;
  readonly listen?: string | undefined;
  readonly approve?: string | undefined;
  readonly hosts?: string | undefined;
  readonly tenant?: string | undefined;
  readonly wrap?: string | undefined;
  readonly instructions?: string | undefined;
  readonly store?: string | undefined;
  readonly keyFile?: string | undefined;
  readonly auditLog?: string | undefined;
  /** `NAME=VALUE` pairs for the server's environment. */
  readonly env: readonly string[];
  /** The command after `--`, when one was given. */
  readonly command: readonly string[];
}

/** Where the file and the defaults live. */
export interface SettingsPlace {
  /** The config file, when one was read. */
  readonly configPath?: string | undefined;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
}

const DEFAULT_LIMITS = Object.freeze({
  maxMessageBytes: 4 * 1024 * 1024,
  timeoutMs: 30_000,
  confirmTimeoutMs: 300_000,
});

/**
 * Resolves the settings. Throws {@link ProxyConfigError} naming the flag or key at fault: no server to run (or
 * several to choose from), both a command and a URL, an unknown approval, wrap or instructions mode, a malformed host list,
 * `--listen` or `--env`, or a server name outside `[a-z0-9][a-z0-9_-]{0,31}`. Paths in the file are relative
 * to the file; paths in flags to the working folder.
 */
export function resolveSettings(flags: ProxyFlags, config: ProxyConfig, place: SettingsPlace): ProxySettings {
  const fileDir = place.configPath === undefined ? place.cwd : dirname(place.configPath);
  const [key, entry] = chooseServer(flags, config);
  const name = flags.name ?? key ?? 'default';
  if (!SERVER_NAME.test(name)) throw new ProxyConfigError(`--name must match ${String(SERVER_NAME)}`);
  const stateDir = defaultStateDir(place.env, place.home);
  const path = (flag: string | undefined, file: string | undefined, fallback: string): string =>
    flag !== undefined ? flag : file !== undefined ? fromFile(file, fileDir) : join(stateDir, fallback);
  const limits = { ...DEFAULT_LIMITS, ...config.limits };
  return {
    name,
    upstream: upstreamFor(flags, entry, fileDir),
    front: frontFor(flags.listen),
    approve: oneOf('--approve', flags.approve ?? entry?.approve ?? config.approve ?? 'none', [
      'none',
      'first-use',
    ]),
    tenant: flags.tenant ?? entry?.tenant ?? config.tenant ?? 'default',
    policy: policyFor(
      flags.hosts ?? entry?.hosts ?? config.hosts ?? 'any',
      hostsOrigin(flags, key, entry, place),
    ),
    wrapMode: oneOf('--wrap', flags.wrap ?? entry?.wrap ?? config.wrap ?? 'tags', [
      'tags',
      'json',
      'datamark',
      'base64',
    ]),
    instructions: oneOf(
      '--instructions',
      flags.instructions ?? entry?.instructions ?? config.instructions ?? 'ignore',
      INSTRUCTION_POLICIES,
    ),
    ...(entry?.allow === undefined ? {} : { allow: entry.allow }),
    deny: entry?.deny ?? [],
    grant: config.grant ?? [],
    onMissingGrant: config.onMissingGrant ?? 'deny',
    tools: toolRules(entry),
    contracts: toolContracts(entry, fileDir),
    killSwitch: config.killSwitch === true,
    store: storePath(flags.store, config.store, fileDir, join(stateDir, STATE_FILES.store)),
    keyFile: path(flags.keyFile, config.keyFile, STATE_FILES.keyFile),
    auditLog: path(flags.auditLog, config.auditLog, STATE_FILES.auditLog),
    ...limits,
  };
}

function chooseServer(
  flags: ProxyFlags,
  config: ProxyConfig,
): [string | undefined, ServerConfig | undefined] {
  const servers = config.servers ?? {};
  if (flags.server !== undefined) {
    const entry = Object.hasOwn(servers, flags.server) ? servers[flags.server] : undefined;
    if (entry === undefined) throw new ProxyConfigError(`--server names no server of the config file`);
    return [flags.server, entry];
  }
  if (flags.command.length > 0 || flags.upstream !== undefined) return [undefined, undefined];
  const names = Object.keys(servers);
  if (names.length === 1) return [names[0], servers[names[0] as string]];
  throw new ProxyConfigError(
    names.length === 0
      ? 'give the server to run: -- COMMAND [ARGS…], --upstream URL, or a config file with one server'
      : 'the config file names several servers: choose one with --server NAME',
  );
}

function upstreamFor(flags: ProxyFlags, entry: ServerConfig | undefined, fileDir: string): UpstreamSpec {
  if (flags.command.length > 0 && flags.upstream !== undefined)
    throw new ProxyConfigError('give either -- COMMAND or --upstream URL, not both');
  const env = { ...entry?.env, ...envPairs(flags.env) };
  const [command, ...args] = flags.command;
  if (command !== undefined) return { kind: 'command', command, args, env };
  if (flags.upstream !== undefined) return { kind: 'url', url: checkedUrl(flags.upstream) };
  if (entry?.url !== undefined) return { kind: 'url', url: checkedUrl(entry.url) };
  if (entry?.command === undefined) throw new ProxyConfigError('the server names no command or url');
  const cwd = entry.cwd === undefined ? {} : { cwd: fromFile(entry.cwd, fileDir) };
  return { kind: 'command', command: entry.command, args: entry.args ?? [], env, ...cwd };
}

function frontFor(listen: string | undefined): FrontSpec {
  if (listen === undefined) return { kind: 'stdio' };
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9.-]*)):(\d{1,5})$/.exec(listen);
  const port = Number(match?.[3]);
  if (match === null || port > 65_535)
    throw new ProxyConfigError('--listen takes HOST:PORT (":0" for any free port)');
  return {
    kind: 'http',
    host: match[1] ?? (match[2] === '' || match[2] === undefined ? '127.0.0.1' : match[2]),
    port,
  };
}

/** Where the host list came from, for an error message: the flag, or the file and its key. */
function hostsOrigin(
  flags: ProxyFlags,
  key: string | undefined,
  entry: ServerConfig | undefined,
  place: SettingsPlace,
): string {
  if (flags.hosts !== undefined) return '--hosts';
  const pointer = entry?.hosts !== undefined ? `/servers/${key ?? ''}/hosts` : '/hosts';
  return `the config file ${place.configPath ?? ''}: ${pointer}`;
}

function policyFor(hosts: string | readonly string[], origin: string): ProxySettings['policy'] {
  const list =
    typeof hosts === 'string' && hosts !== 'any' ? hosts.split(',').map((host) => host.trim()) : hosts;
  try {
    return defineEgressPolicy({ hosts: list === 'any' ? 'any' : [...list] });
  } catch (error) {
    if (error instanceof EgressPolicyError || error instanceof TypeError)
      throw new ProxyConfigError(`${origin} names a host pattern the egress policy refuses`);
    throw error;
  }
}

function toolRules(entry: ServerConfig | undefined): Readonly<Record<string, ToolRule>> {
  const rules = Object.create(null) as Record<string, ToolRule>;
  for (const [tool, rule] of Object.entries(entry?.tools ?? {})) {
    rules[tool] = {
      ...(rule.effect === undefined ? {} : { effect: rule.effect }),
      ...(rule.requires === undefined ? {} : { requires: rule.requires }),
    };
  }
  return rules;
}

function toolContracts(entry: ServerConfig | undefined, fileDir: string): Readonly<Record<string, string>> {
  const contracts = Object.create(null) as Record<string, string>;
  for (const [tool, rule] of Object.entries(entry?.tools ?? {}))
    if (rule.contract !== undefined) contracts[tool] = fromFile(rule.contract, fileDir);
  return contracts;
}

function storePath(
  flag: string | undefined,
  file: string | undefined,
  fileDir: string,
  fallback: string,
): string {
  if (flag !== undefined) return flag;
  if (file === undefined) return fallback;
  return storeKind(file) === 'sqlite' ? fromFile(file, fileDir) : file;
}

function envPairs(pairs: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const key = pair.slice(0, at);
    if (at < 1 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new ProxyConfigError('--env takes NAME=VALUE');
    env[key] = pair.slice(at + 1);
  }
  return env;
}

function checkedUrl(url: string): string {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new ProxyConfigError('the upstream URL must be an http(s) URL');
  return url;
}

function oneOf<T extends string>(what: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new ProxyConfigError(`${what} must be one of ${allowed.join(', ')}`);
  return value as T;
}

function fromFile(path: string, fileDir: string): string {
  return isAbsolute(path) ? path : resolve(fileDir, path);
}
