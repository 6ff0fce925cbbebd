// The speaker vocabulary and line-start marks of the role-line grammar: who can open a turn, and what may precede it (data).

/**
 * Speaker names that open a turn when they start a line followed by a colon-like separator: chat roles of the
 * common templates (`system`, `user`, `assistant`, `developer`, `tool`, Llama 3's `ipython`, Gemma's `model`),
 * the completion-transcript speakers (`Human`, `AI`, `Bot`) and the authority claims of injected text (`Admin`,
 * `Root`, `Operator`). Matched through the look-alike fold, so case, width, confusables and letter spacing do not
 * hide them; list each once in its canonical spelling.
 */
export const ROLE_WORDS: readonly string[] = Object.freeze([
  'System',
  'User',
  'Assistant',
  'Developer',
  'Tool',
  'Function',
  'Ipython',
  'Model',
  'Human',
  'AI',
  'Bot',
  'Chatbot',
  'Admin',
  'Administrator',
  'Root',
  'Operator',
]);

/**
 * Words that may follow a speaker name in the same label (`SYSTEM MESSAGE:`, `Admin override:`, `user_input:`),
 * joined by a space, `_`, `-` or nothing.
 */
export const ROLE_QUALIFIERS: readonly string[] = Object.freeze([
  'message',
  'prompt',
  'instruction',
  'instructions',
  'note',
  'notice',
  'override',
  'update',
  'command',
  'directive',
  'alert',
  'response',
  'reply',
  'input',
  'query',
  'output',
  'turn',
]);

/**
 * Characters that may precede a speaker name at the start of a line without hiding it: white space, list
 * bullets, Markdown quote, heading and emphasis marks, quotation marks and opening brackets. Numbered and
 * lettered list markers (`1.`, `2)`, `(a)`, `iv.`) are a rule of the grammar, not listed here. Folded before use.
 */
export const LINE_MARKS: readonly string[] = Object.freeze([
  ' ',
  '>',
  '#',
  '*',
  '_',
  '~',
  '=',
  '-',
  '+',
  '•',
  '‣',
  '◦',
  '▪',
  '●',
  '■',
  '►',
  '♦',
  '❖',
  '✓',
  '→',
  '⇒',
  '»',
  '—',
  '"',
  "'",
  '`',
  '(',
  '[',
  '<',
]);

/** Characters that may stand between a speaker name and its separator: white space, emphasis, closers, quotes. */
export const ROLE_CLOSERS: readonly string[] = Object.freeze([
  ' ',
  '\n',
  '*',
  '_',
  '~',
  '"',
  "'",
  '`',
  ')',
  ']',
  '>',
]);

/**
 * Speaker names that read as a turn when written as a tag anywhere in the text (`<system>…</system>`,
 * `<assistant>`): the chat roles, not the authority claims, whose tag forms (`<root>`, `<function>`) are common in
 * ordinary markup.
 */
export const ROLE_TAGS: readonly string[] = Object.freeze([
  'System',
  'User',
  'Assistant',
  'Developer',
  'Tool',
  'Ipython',
  'Model',
  'Human',
  'AI',
]);
