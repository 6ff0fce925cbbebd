// Extracts gitleaks' per-rule true-positive and false-positive test strings from its rule generator sources.
import { flatten, GoEvaluator, type Sample, type Value } from './go-eval.js';

/** Test strings of one gitleaks rule. */
export interface RuleSamples {
  readonly rule: string;
  readonly keyed: boolean;
  readonly tps: Sample[];
  readonly fps: string[];
  readonly skipped: number;
}

/** Returns the expression text after `at` up to the end of its statement (a newline at bracket depth 0). */
export function statementEnd(source: string, at: number): number {
  let depth = 0;
  for (let i = at; i < source.length; i++) {
    const c = source.charAt(i);
    if (c === '"') {
      for (i++; i < source.length && source.charAt(i) !== '"'; i++) if (source.charAt(i) === '\\') i++;
    } else if (c === '`') {
      i = source.indexOf('`', i + 1);
    } else if (c === '/' && source.charAt(i + 1) === '/') {
      const nl = source.indexOf('\n', i);
      if (depth === 0) return i;
      i = nl < 0 ? source.length : nl - 1;
    } else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === '\n' && depth === 0) return i;
  }
  return source.length;
}

const ASSIGN = /^\t(\w+)\s*(:?=)\s*/gm;

function functionBodies(source: string): string[] {
  const bodies: string[] = [];
  const re = /^func \w+\(\) \*config\.Rule \{$/gm;
  const starts: number[] = [];
  for (let m = re.exec(source); m !== null; m = re.exec(source)) starts.push(m.index);
  starts.forEach((start, i) => bodies.push(source.slice(start, starts[i + 1] ?? source.length)));
  return bodies;
}

function evaluateRule(body: string, random: () => number): RuleSamples | null {
  const rule = /RuleID:\s*"([^"]+)"/.exec(body)?.[1];
  if (rule === undefined) return null;
  const regexStart = body.indexOf('Regex:');
  const keyed =
    regexStart >= 0 && body.slice(regexStart, regexStart + 200).includes('GenerateSemiGenericRegex');
  const vars = new Map<string, Value>();
  let tps: Sample[] = [];
  let fps: string[] = [];
  let skipped = 0;
  ASSIGN.lastIndex = 0;
  for (let m = ASSIGN.exec(body); m !== null; m = ASSIGN.exec(body)) {
    const name = m[1] ?? '';
    const exprStart = m.index + m[0].length;
    const source = body.slice(exprStart, statementEnd(body, exprStart));
    vars.set('tps', tps);
    vars.set('fps', fps);
    try {
      const value = new GoEvaluator(random, vars).evaluate(source);
      if (name === 'tps') tps = flatten(value);
      else if (name === 'fps') fps = flatten(value).map((sample) => sample.text);
      else vars.set(name, value);
    } catch {
      if (name === 'tps' || name === 'fps') skipped++;
    }
  }
  return { rule, keyed, tps, fps, skipped };
}

/** Extracts the samples of every rule in one rule source file. */
export function extractGitleaksFile(source: string, random: () => number): RuleSamples[] {
  return functionBodies(source)
    .map((body) => evaluateRule(body, random))
    .filter((rule): rule is RuleSamples => rule !== null);
}
