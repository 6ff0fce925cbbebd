// Generates a deterministic sample string matching a simple regular expression (classes, groups, quantifiers).

/** A seeded pseudo-random source (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
const ESCAPE_CLASSES: Readonly<Record<string, string>> = Object.freeze({
  d: '0123456789',
  w: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_',
  s: ' ',
});

type Node =
  | { kind: 'set'; chars: string[] }
  | { kind: 'alt'; options: Node[][] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

/** Parses and samples one regex source; throws on syntax it does not support. */
export class RegexSampler {
  private pos = 0;
  constructor(
    private readonly source: string,
    private readonly random: () => number,
  ) {}

  sample(): string {
    this.pos = 0;
    const tree = this.parseAlt();
    return this.emit(tree);
  }

  private peek(): string {
    return this.source.charAt(this.pos);
  }

  private parseAlt(): Node {
    const options: Node[][] = [[]];
    while (this.pos < this.source.length && this.peek() !== ')') {
      if (this.peek() === '|') {
        this.pos++;
        options.push([]);
        continue;
      }
      const atom = this.parseAtom();
      if (atom !== null) options[options.length - 1]?.push(this.parseQuantifier(atom));
    }
    return { kind: 'alt', options };
  }

  private parseAtom(): Node | null {
    const c = this.source.charAt(this.pos++);
    if (c === '(') {
      if (this.source.startsWith('?:', this.pos)) this.pos += 2;
      else if (/^\?[-imsU]+\)/.test(this.source.slice(this.pos))) {
        this.pos = this.source.indexOf(')', this.pos) + 1;
        return null;
      } else if (/^\?[-imsU]+:/.test(this.source.slice(this.pos)))
        this.pos = this.source.indexOf(':', this.pos) + 1;
      else if (this.source.startsWith('?P<', this.pos) || this.source.startsWith('?<', this.pos)) {
        this.pos = this.source.indexOf('>', this.pos) + 1;
      }
      const inner = this.parseAlt();
      this.pos++;
      return inner;
    }
    if (c === '[') return this.parseClass();
    if (c === '^' || c === '$') return null;
    if (c === '.') return { kind: 'set', chars: ESCAPE_CLASSES['w']?.split('') ?? [] };
    if (c === '\\') return this.parseEscape();
    return { kind: 'set', chars: [c] };
  }

  private parseEscape(): Node | null {
    const e = this.source.charAt(this.pos++);
    if (e === 'b' || e === 'B' || e === 'z' || e === 'A') return null;
    if (e === 'x') {
      const hex = this.source.slice(this.pos, this.pos + 2);
      this.pos += 2;
      return { kind: 'set', chars: [String.fromCharCode(parseInt(hex, 16))] };
    }
    const cls = ESCAPE_CLASSES[e];
    return { kind: 'set', chars: cls !== undefined ? cls.split('') : [e] };
  }

  private parseClass(): Node {
    let negate = false;
    if (this.peek() === '^') {
      negate = true;
      this.pos++;
    }
    const chars = new Set<string>();
    let first = true;
    while (this.pos < this.source.length && (this.peek() !== ']' || first)) {
      first = false;
      if (this.source.startsWith('[:', this.pos)) {
        const end = this.source.indexOf(':]', this.pos);
        const name = this.source.slice(this.pos + 2, end);
        const named =
          name === 'alnum'
            ? ESCAPE_CLASSES['w']?.replace('_', '')
            : name === 'digit'
              ? '0123456789'
              : 'abcdefghijklmnopqrstuvwxyz';
        for (const ch of named ?? '') chars.add(ch);
        this.pos = end + 2;
        continue;
      }
      let c = this.source.charAt(this.pos++);
      if (c === '\\') {
        const e = this.source.charAt(this.pos++);
        const cls = ESCAPE_CLASSES[e];
        if (cls !== undefined) {
          for (const ch of cls) chars.add(ch);
          continue;
        }
        c = e === 'x' ? String.fromCharCode(parseInt(this.source.slice(this.pos, (this.pos += 2)), 16)) : e;
      }
      if (this.peek() === '-' && this.source.charAt(this.pos + 1) !== ']') {
        this.pos++;
        let to = this.source.charAt(this.pos++);
        if (to === '\\') to = this.source.charAt(this.pos++);
        for (let code = c.charCodeAt(0); code <= to.charCodeAt(0); code++)
          chars.add(String.fromCharCode(code));
      } else chars.add(c);
    }
    this.pos++;
    const list = negate ? PRINTABLE.filter((ch) => !chars.has(ch) && /[\x21-\x7e]/.test(ch)) : [...chars];
    return { kind: 'set', chars: list };
  }

  private parseQuantifier(node: Node): Node {
    const c = this.peek();
    let min = 1;
    let max = 1;
    if (c === '?' || c === '*' || c === '+') {
      this.pos++;
      [min, max] = c === '?' ? [0, 1] : c === '*' ? [0, 8] : [1, 8];
    } else if (c === '{') {
      const m = /^\{(\d+)(?:(,)(\d*))?\}/.exec(this.source.slice(this.pos));
      if (m === null) return node;
      this.pos += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' || m[3] === undefined ? min + 8 : Number(m[3]);
    } else return node;
    if (this.peek() === '?' || this.peek() === '+') this.pos++;
    return { kind: 'repeat', node, min, max };
  }

  private emit(node: Node): string {
    if (node.kind === 'set') return node.chars[Math.floor(this.random() * node.chars.length)] ?? '';
    if (node.kind === 'repeat') {
      const count = node.min + Math.floor(this.random() * (node.max - node.min + 1));
      let out = '';
      for (let i = 0; i < count; i++) out += this.emit(node.node);
      return out;
    }
    const option = node.options[Math.floor(this.random() * node.options.length)] ?? [];
    return option.map((child) => this.emit(child)).join('');
  }
}
