// A tiny evaluator for the Go expressions that build gitleaks' rule test strings (literals, +, a few calls).
import { RegexSampler } from './sample-regex.js';

/** A test string and, when known, the secret inside it. */
export interface Sample {
  readonly text: string;
  readonly secret: string | null;
  readonly identifier: string | null;
}

/** What an expression evaluates to. */
export type Value = string | boolean | number | Value[] | Sample | { readonly samples: Sample[] };

const TOKEN = /\s+|\/\/[^\n]*|"(?:[^"\\\n]|\\.)*"|`[^`]*`|\.\.\.|[A-Za-z_][\w.]*|\d+|[(){}[\],+]|./gy;

function tokenize(source: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(source); m !== null && m[0].length > 0; m = TOKEN.exec(source)) {
    if (!/^\s|^\/\//.test(m[0])) tokens.push(m[0]);
    if (TOKEN.lastIndex >= source.length) break;
  }
  return tokens;
}

function goString(literal: string): string {
  if (literal.startsWith('`')) return literal.slice(1, -1);
  return JSON.parse(literal.replace(/\\x([0-9a-fA-F]{2})/g, '\\u00$1')) as string;
}

const HELPERS: Readonly<Record<string, (size: string) => string>> = Object.freeze({
  'utils.Numeric': (n) => `[0-9]{${n}}`,
  'utils.Hex': (n) => `[a-f0-9]{${n}}`,
  'utils.AlphaNumeric': (n) => `[a-z0-9]{${n}}`,
  'utils.AlphaNumericExtendedShort': (n) => `[a-z0-9_-]{${n}}`,
  'utils.AlphaNumericExtended': (n) => `[a-z0-9=_\\-]{${n}}`,
  'utils.AlphaNumericExtendedLong': (n) => `[a-z0-9\\/=_\\+\\-]{${n}}`,
});

/** Evaluates one expression with the given variables; throws on anything it does not understand. */
export class GoEvaluator {
  private tokens: string[] = [];
  private pos = 0;
  constructor(
    private readonly random: () => number,
    private readonly vars: Map<string, Value>,
  ) {}

  evaluate(source: string): Value {
    this.tokens = tokenize(source);
    this.pos = 0;
    const value = this.expr();
    if (this.pos !== this.tokens.length) throw new Error('trailing tokens');
    return value;
  }

  private next(): string {
    const token = this.tokens[this.pos++];
    if (token === undefined) throw new Error('unexpected end');
    return token;
  }

  private expect(token: string): void {
    if (this.next() !== token) throw new Error(`expected ${token}`);
  }

  private expr(): Value {
    let value = this.term();
    while (this.tokens[this.pos] === '+') {
      this.pos++;
      const right = this.term();
      if (typeof value !== 'string' || typeof right !== 'string') throw new Error('+ on non-strings');
      value += right;
    }
    return value;
  }

  private args(close: string): Value[] {
    const out: Value[] = [];
    while (this.tokens[this.pos] !== close) {
      out.push(this.expr());
      if (this.tokens[this.pos] === '...') this.pos++;
      if (this.tokens[this.pos] === ',') this.pos++;
    }
    this.pos++;
    return out;
  }

  private term(): Value {
    const token = this.next();
    if (token.startsWith('"') || token.startsWith('`')) return goString(token);
    if (/^\d+$/.test(token)) return Number(token);
    if (token === 'true' || token === 'false') return token === 'true';
    if (token === '[') {
      this.expect(']');
      this.next();
      this.expect('{');
      return this.args('}');
    }
    if (this.tokens[this.pos] === '(') {
      this.pos++;
      return this.call(token, this.args(')'));
    }
    const value = this.vars.get(token);
    if (value === undefined) throw new Error(`unknown name ${token}`);
    return value;
  }

  private sample(pattern: Value): string {
    if (typeof pattern !== 'string') throw new Error('pattern is not a string');
    return new RegexSampler(pattern, this.random).sample();
  }

  private call(name: string, args: Value[]): Value {
    const [a, b] = args;
    const helper = HELPERS[name];
    if (helper !== undefined && typeof a === 'string') return helper(a);
    switch (name) {
      case 'utils.Hex8_4_4_4_12':
        return '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
      case 'secrets.NewSecret':
      case 'newPlausibleSecret':
        return this.sample(a ?? '');
      case 'utils.GenerateSampleSecret':
      case 'utils.GenerateSampleSecrets':
        if (typeof a !== 'string' || typeof b !== 'string') throw new Error('sample args');
        return { samples: [{ text: b, secret: b, identifier: a }] };
      case 'append':
        return args.flatMap((arg) => flatten(arg));
      case 'fmt.Sprintf': {
        if (typeof a !== 'string') throw new Error('format');
        let i = 1;
        return a.replace(/%[sd]/g, () => {
          const arg = args[i++];
          return typeof arg === 'string' || typeof arg === 'number' ? String(arg) : '';
        });
      }
      case 'strings.Repeat':
        if (typeof a !== 'string' || typeof b !== 'number') throw new Error('repeat');
        return a.repeat(b);
      default:
        throw new Error(`unknown call ${name}`);
    }
  }
}

/** Flattens an evaluated tps/fps expression into samples. */
export function flatten(value: Value): Sample[] {
  if (typeof value === 'string') return [{ text: value, secret: null, identifier: null }];
  if (Array.isArray(value)) return value.flatMap((item) => flatten(item));
  if (typeof value === 'object' && 'samples' in value) return value.samples;
  if (typeof value === 'object') return [value];
  throw new Error('not a list of strings');
}
