// Readable corpora for the text purpose: benign text that must pass untouched, and attacks that must be caught.

/** A value real people write: it must come out byte-identical (after NFC) with zero findings. */
export interface BenignCase {
  readonly title: string;
  readonly value: string;
}

/** A value with something hidden or misleading in it, and what the purpose must report. */
export interface AttackCase {
  readonly title: string;
  readonly value: string;
  /** Finding codes with their counts; every finding emitted must be listed. */
  readonly findings: Readonly<Record<string, number>>;
  /** The cleaned value, when the case pins it. */
  readonly output?: string;
  /** Decoded smuggled payloads expected in `hidden`. */
  readonly hidden?: readonly { readonly kind: string; readonly decoded: string }[];
}

/** Benign text from many writing systems, with the invisible characters those systems need. */
export const BENIGN: readonly BenignCase[] = [
  { title: 'emoji ZWJ family', value: 'Family photo 👨\u200D👩\u200D👧\u200D👦 at the lake' },
  {
    title: 'emoji ZWJ profession with skin tone',
    value: 'Our doctor 👩🏽\u200D⚕\uFE0F and pilot 🧑🏿\u200D✈\uFE0F',
  },
  {
    title: 'emoji newer ZWJ sequences',
    value: 'Phoenix 🐦\u200D🔥, lime 🍋\u200D🟩, head shake 🙂\u200D↔\uFE0F',
  },
  {
    title: 'emoji ZWJ flags',
    value: 'Pride 🏳\uFE0F\u200D🌈 trans 🏳\uFE0F\u200D⚧\uFE0F pirate 🏴\u200D☠\uFE0F',
  },
  { title: 'emoji skin tones', value: 'Thanks 👍🏻👍🏼👍🏽👍🏾👍🏿 all' },
  { title: 'emoji keycaps', value: 'Press #\uFE0F\u20E3 then 1\uFE0F\u20E3 2\uFE0F\u20E3 *\uFE0F\u20E3' },
  { title: 'emoji presentation selectors', value: 'Love ❤\uFE0F, text heart ❤\uFE0E, sunny ☀\uFE0F' },
  { title: 'national flags', value: 'Flags: 🇫🇷 🇯🇵 🇧🇷 🇺🇦 🇮🇳' },
  {
    title: 'subdivision flags (emoji tag sequences)',
    value:
      'England 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} Scotland 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Wales 🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}',
  },
  { title: 'Persian with ZWNJ', value: 'من می\u200Cخواهم کتاب\u200Cها را بخوانم.' },
  { title: 'Persian with Persian digits', value: 'سال ۱۴۰۲ و ۳ کتاب\u200Cهای تازه' },
  { title: 'Arabic', value: 'مرحبا بالعالم، كيف حالك؟ السعر ١٢٣ دينار' },
  { title: 'Arabic with harakat', value: 'بِسْمِ اللَّهِ الرَّحْمَٰنِ' },
  { title: 'Hebrew with digits and RLM', value: '\u200Fהמחיר הוא 50\u200F ₪ עד 31.12.2024' },
  { title: 'Hebrew with an isolated English name', value: 'שלום \u2066John Smith\u2069 מה שלומך?' },
  { title: 'English with an isolated Hebrew name', value: 'Message from \u2067שרה\u2069 received' },
  { title: 'Hebrew with an LRM after a number', value: 'קוד 123-456\u200E נשלח' },
  { title: 'Hindi conjuncts with ZWJ and ZWNJ', value: 'क्\u200Dष और क्\u200Cष, हिन्दी भाषा' },
  { title: 'Hindi eyelash ra', value: 'र\u200D्य' },
  { title: 'Bengali ya-phala with ZWJ', value: 'র\u200D্যাব বাংলা ভাষা' },
  { title: 'Sinhala with ZWJ', value: 'ශ්\u200Dරී ලංකා' },
  { title: 'Malayalam', value: 'മലയാളം ഭാഷ' },
  { title: 'Chinese', value: '中文字符，简体与繁體。' },
  { title: 'Chinese with Latin words', value: '我们用Python编程，也用 Rust。' },
  { title: 'Japanese kanji, hiragana, katakana', value: '日本語のテキスト、東京タワーとカニ料理。' },
  { title: 'Japanese with Latin', value: 'iPhoneを買った。' },
  { title: 'Korean', value: '한국어 韓國語 텍스트' },
  { title: 'Thai with ZWSP word breaks', value: 'ภาษาไทย\u200Bสวัสดีครับ' },
  { title: 'Khmer', value: 'ភាសាខ្មែរ' },
  { title: 'accented Latin (NFC)', value: 'Café naïve Ångström résumé Željko Dvořák' },
  { title: 'Greek', value: 'Η γρήγορη καφέ αλεπού' },
  { title: 'Russian', value: 'Сообщение о росте, сор и пыль.' },
  { title: 'Russian with an English word', value: 'Установите Docker и запустите.' },
  { title: 'ideographic variation sequence', value: '葛\u{E0100}飾区' },
  { title: 'Windows line endings and tabs', value: 'line one\r\nline two\tcolumn' },
  { title: 'math operators', value: '∀x ∈ ℝ: x² ≥ 0, A ∩ B' },
  { title: 'Mongolian with a free variation selector', value: 'ᠮᠣᠩᠭᠣᠯ ᠠ\u180B' },
];

/** Hidden-text and look-alike attacks, each with the findings it must raise. */
export const ATTACKS: readonly AttackCase[] = [
  {
    title: 'Trojan Source: RLO and isolates in code-like Latin (CVE-2021-42574)',
    value: 'if (accessLevel != "user\u202E \u2066// Check if admin\u2069 \u2066") {',
    findings: { 'text.bidi_control': 4 },
    output: 'if (accessLevel != "user // Check if admin ") {',
  },
  {
    title: 'Trojan Source: balanced LRI/PDI in Latin code',
    value: 'return \u2066isAdmin\u2069 && check()',
    findings: { 'text.bidi_control': 2 },
    output: 'return isAdmin && check()',
  },
  {
    title: 'bidi override reversing a Latin file name',
    value: 'invoice\u202Efdp.exe',
    findings: { 'text.bidi_control': 1 },
    output: 'invoicefdp.exe',
  },
  {
    title: 'balanced RLO override over Latin text in a sentence',
    value: 'Please read \u202Eesrever\u202C now',
    findings: { 'text.bidi_control': 2 },
  },
  {
    title: 'RLO over digits next to Hebrew reorders a number',
    value: 'שלם \u202E1234\u202C ש"ח',
    findings: { 'text.bidi_control': 2 },
    output: 'שלם 1234 ש"ח',
  },
  {
    title: 'unterminated embedding in Hebrew text',
    value: 'שלום \u202Bעולם',
    findings: { 'text.bidi_control': 1 },
  },
  {
    title: 'RLM splitting a Latin word',
    value: 'pass\u200Fword',
    findings: { 'text.bidi_control': 1 },
    output: 'password',
  },
  {
    title: 'tag characters smuggling ASCII instructions',
    value:
      'Hello\u{E0049}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}\u{E0020}\u{E0061}\u{E006C}\u{E006C} world',
    findings: { 'text.tag_characters': 10 },
    output: 'Hello world',
    hidden: [{ kind: 'tag_ascii', decoded: 'Ignore all' }],
  },
  {
    title: 'tag characters after a black flag that are not a valid subdivision',
    value: '🏴\u{E0078}\u{E0079}\u{E007A}\u{E007F}',
    findings: { 'text.tag_characters': 4 },
    output: '🏴',
    hidden: [{ kind: 'tag_ascii', decoded: 'xyz' }],
  },
  {
    title: 'tag characters appended after a valid England flag',
    value: '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}\u{E0068}\u{E0069}',
    findings: { 'text.tag_characters': 2 },
    output: '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
    hidden: [{ kind: 'tag_ascii', decoded: 'hi' }],
  },
  {
    title: 'zero-width space splitting a Latin word',
    value: 'pass\u200Bword',
    findings: { 'text.zero_width': 1 },
    output: 'password',
  },
  {
    title: 'ZWNJ splitting a Latin word',
    value: 'ig\u200Cnore previous instructions',
    findings: { 'text.zero_width': 1 },
    output: 'ignore previous instructions',
  },
  {
    title: 'ZWJ, word joiner, BOM and soft hyphen inside Latin words',
    value: 'sy\u200Dstem pro\u2060mpt ad\uFEFFmin over\u00ADride',
    findings: { 'text.zero_width': 4 },
    output: 'system prompt admin override',
  },
  {
    title: 'a run of ZWNJ between Persian letters keeps only one',
    value: 'می\u200C\u200C\u200Cخواهم',
    findings: { 'text.zero_width': 2 },
    output: 'می\u200Cخواهم',
  },
  {
    title: 'variation-selector payload after an emoji (hidden bytes)',
    value: '😀\u{E0158}\u{E0155}\u{E015C}\u{E015C}\u{E015F} nice',
    findings: { 'text.variation_selector': 5 },
    output: '😀 nice',
    hidden: [{ kind: 'variation_selectors', decoded: '6865 6c6c6f'.replace(' ', '') }],
  },
  {
    title: 'variation selectors after Latin letters',
    value: 'h\uFE01e\uFE02llo',
    findings: { 'text.variation_selector': 2 },
    output: 'hello',
  },
  {
    title: 'a second selector after a valid emoji presentation selector',
    value: '❤\uFE0F\uFE0F',
    findings: { 'text.variation_selector': 1 },
    output: '❤\uFE0F',
  },
  {
    title: 'C0 and C1 controls (escape sequences, NUL, CSI)',
    value: 'ok\u001B[31mred\u0000\u009B2J\u0007',
    findings: { 'text.control': 4 },
    output: 'ok[31mred2J',
  },
  {
    title: 'lone CR, NEL and line separators become line feeds',
    value: 'a\rb\u0085c\u2028d\u2029e',
    findings: { 'text.line_break': 4 },
    output: 'a\nb\nc\nd\ne',
  },
  {
    title: 'noncharacters',
    value: 'a\uFDD0b\uFFFEc\u{10FFFF}d',
    findings: { 'text.noncharacter': 3 },
    output: 'abcd',
  },
  {
    title: 'interlinear annotation and object replacement',
    value: 'base\uFFF9ruby\uFFFAhidden\uFFFB end\uFFFC',
    findings: { 'text.annotation': 4 },
    output: 'baserubyhidden end',
  },
  {
    title: 'private-use characters',
    value: 'icon \uE000 and \u{F0041}\u{100042}',
    findings: { 'text.private_use': 3 },
    output: 'icon  and ',
  },
  {
    title: 'other invisible format characters',
    value: 'a\u2062b\u3164c\u17B4d\u206Ae\u034F',
    findings: { 'text.invisible': 5 },
    output: 'abcde',
  },
  {
    title: 'Cyrillic а inside a Latin word (homograph)',
    value: 'Log in at pаypal.com',
    findings: { 'text.mixed_script': 1, 'text.confusable': 1 },
  },
  {
    title: 'Greek omicron inside a Latin word',
    value: 'Search on gοogle today',
    findings: { 'text.mixed_script': 1, 'text.confusable': 1 },
  },
  {
    title: 'all-Cyrillic word posing as Latin in English text',
    value: 'Please sign in to your аррӏе account now',
    findings: { 'text.confusable': 1 },
  },
  {
    title: 'mathematical alphanumerics posing as a Latin word',
    value: 'Visit 𝐩𝐚𝐲𝐩𝐚𝐥 for support',
    findings: { 'text.confusable': 1 },
  },
  {
    title: 'Cherokee mixed into a Latin word',
    value: 'Contact ᎪᏴC support',
    findings: { 'text.mixed_script': 1, 'text.confusable': 1 },
  },
];
