// Reads a named trusted fact from the request context, and the context's notion of "now".
import type { RequestContext } from './rules.js';

const DIRECT = new Set(['requestId', 'tenant', 'limit', 'cursor']);

/** True when a rule's `context` names something a request context can hold. */
export function isContextName(name: string): boolean {
  return DIRECT.has(name) || /^facts\.[A-Za-z0-9_$-]{1,64}$/.test(name);
}

/** The value of a named context field (`requestId`, `tenant`, `limit`, `cursor`) or fact (`facts.<name>`). */
export function contextValue(context: RequestContext, name: string): unknown {
  if (name.startsWith('facts.')) {
    const facts = context.facts;
    const key = name.slice('facts.'.length);
    return facts !== undefined && Object.hasOwn(facts, key) ? facts[key] : undefined;
  }
  return DIRECT.has(name) ? (context as unknown as Record<string, unknown>)[name] : undefined;
}

/** The context's time in epoch milliseconds, or the given clock's when the context states none. */
export function contextNow(context: RequestContext, clock: () => number): number {
  const now = context.now;
  if (now === undefined) return clock();
  if (typeof now === 'number') return now;
  return typeof now === 'string' ? Date.parse(now) : now.getTime();
}
