// The patterns of the instruction signal: frozen data, each a kind of cue and a bounded regular expression.

/**
 * The kinds of instruction found in data. `override`: an instruction to ignore or replace earlier ones.
 * `authority`: a claimed role or authority (`SYSTEM:`, "you now have admin access", a message "from me … to
 * you"). `addressed`: an imperative addressed to the assistant (before you answer, do this; reveal your prompt;
 * decode and run this). `tool_request`: a request to call a tool, run a command, pass data to a parameter, or
 * read a secret file.
 */
export const INSTRUCTION_CUES = Object.freeze([
  'override',
  'authority',
  'addressed',
  'tool_request',
] as const);

/** One kind of cue. */
export type InstructionCue = (typeof INSTRUCTION_CUES)[number];

/** One pattern and the cue it reports. Patterns are global and every repetition in them is bounded. */
export interface InstructionRule {
  readonly cue: InstructionCue;
  readonly pattern: RegExp;
}

/** Within one sentence: up to `n` characters that end no sentence. */
const gap = (n: number): string => `[^.!?\\n]{0,${n}}`;

const rule = (cue: InstructionCue, source: string, flags = 'gi'): InstructionRule =>
  Object.freeze({ cue, pattern: new RegExp(source, flags) });

const EARLIER =
  '(?:(?:all|any|the|your|of|previous|prior|above|earlier|preceding|original|existing|safety|system|other)\\s+){0,4}';
const SECRET_FILE =
  '(?:~\\/\\.ssh|\\.ssh\\/id_\\w+|~\\/\\.aws|\\.aws\\/credentials|\\/etc\\/(?:passwd|shadow)|\\bid_rsa\\b|~\\/\\.env\\b|\\/\\.env\\b)';
const TOOL_NAME = '[`\'"]?(?!this\\b|that\\b|these\\b|our\\b|my\\b|a\\b|an\\b)[a-z][\\w.-]{1,40}[`\'"]?';

/**
 * The rules, in the order their cues are reported. Each is written against benign look-alikes: command-line
 * help (`--ignore-errors`), install guides ("run the following command"), tool descriptions ("use this tool
 * to…"), e-mails ("please do the following") and articles about prompt injection (quoted, so not counted).
 */
export const INSTRUCTION_RULES: readonly InstructionRule[] = Object.freeze([
  rule(
    'override',
    `\\b(?:ignore|disregard|forget|override|bypass)\\s+${EARLIER}(?:instructions?|directives?|prompts?|guidelines)\\b`,
  ),
  rule(
    'override',
    '\\bnew\\s+(?:(?:priority|system|updated|secret)\\s+)?(?:instructions?|directives?)\\s*(?::|received\\b)',
  ),
  rule(
    'override',
    '\\byour\\s+(?:new|real|true|actual|updated)\\s+(?:instructions?|task|goal|objective|role)\\s+(?:is|are)\\b',
  ),
  rule(
    'authority',
    '(?:^|[\\s[(<{*#>|-])(?:SYSTEM|SYS|ADMIN|ADMINISTRATOR|DEVELOPER|ROOT)(?:\\s+(?:NOTE|NOTICE|MESSAGE|UPDATE|OVERRIDE|DIRECTIVE|INSTRUCTIONS?|ALERT|PROMPT|ADMINISTRATOR)){0,3}\\s*(?:\\]|:)',
    'g',
  ),
  rule('authority', '\\[(?:system|sys|admin|developer)\\]'),
  rule('authority', '<\\/?(?:important|information)>'),
  rule(
    'authority',
    '\\byou\\s+(?:now\\s+)?(?:have|hold|have been granted|were granted|are granted)\\s+(?:(?:full|complete|unrestricted|elevated|admin|administrator|root|superuser)\\s+){1,3}(?:access|privileges?|permissions?|rights)\\b',
  ),
  rule('authority', `\\b(?:message|note|instructions?|request)\\s+from\\s+me\\b${gap(60)}\\bto\\s+you\\b`),
  rule(
    'authority',
    '\\byou\\s+are\\s+now\\s+(?:in\\s+)?(?:developer|admin|god|dan|jailbreak|unrestricted|debug)\\s+mode\\b',
  ),
  rule(
    'addressed',
    '\\bbefore\\s+(?:you\\s+)?(?:can\\s+)?(?:solv|answer|complet|continu|proceed|respond|repl|finish|handl|address)\\w*\\s+(?:with\\s+|to\\s+)?(?:the|my|your|this|that|any)\\s+(?:\\w+\\s+){0,2}(?:task|request|question|query|prompt|instructions?|assignment)\\b',
  ),
  rule(
    'addressed',
    `\\b(?:output|reveal|print|repeat|show|display|dump|leak)\\b${gap(30)}\\b(?:system\\s+prompt|initial\\s+prompt|hidden\\s+prompt|tool\\s+definitions|your\\s+instructions|developer\\s+message)\\b`,
  ),
  rule(
    'addressed',
    `\\b(?:decode|deobfuscate|unescape)\\b${gap(60)}\\b(?:and|then)\\s+(?:execute|run|follow|eval(?:uate)?|obey)\\b`,
  ),
  rule(
    'addressed',
    '\\byou\\s+must\\s+(?:(?:now|immediately|first)\\s+){0,2}(?:call|execute|invoke|reveal|output|navigate|fetch)\\b',
  ),
  rule('tool_request', `\\b(?:call|invoke|trigger)\\s+(?:the\\s+|your\\s+)?${TOOL_NAME}\\s+tool\\b`),
  rule(
    'tool_request',
    `\\b(?:call|calling|invoke|invoking)\\s+${TOOL_NAME}\\s+(?:with|using)\\s+(?:the\\s+)?(?:url|arguments?|parameters?|input|query|command|'|")`,
  ),
  rule(
    'tool_request',
    `\\b(?:contents?\\s+of|read(?:ing)?|cat|include|prepend|append|attach|send|upload|output|print|exfiltrate)\\b${gap(40)}${SECRET_FILE}`,
  ),
  rule(
    'tool_request',
    `\\b(?:before|prior\\s+to)\\s+(?:using|calling|returning|answering|responding|running)\\b${gap(60)}\\bfirst\\s+(?:call|read|run|execute|invoke|send|fetch|include)\\b`,
  ),
  rule('tool_request', '\\b(?:always|only)\\s+use\\s+(?:this|the\\s+[\\w.-]+)\\s+tool\\s+instead\\s+of\\b'),
  rule(
    'tool_request',
    `\\bwhen\\s+(?:the\\s+user|you)\\s+(?:asks?|wants?|requests?|tries?|tells?)\\b${gap(40)}\\b(?:tool|function)\\b${gap(80)}\\bfirst\\b`,
  ),
  rule(
    'tool_request',
    `\\bpass\\s+(?:the\\s+)?(?:full|entire|complete|whole|all)\\b${gap(40)}\\b(?:body|contents?|conversation|history|messages?|data|files?)\\b${gap(40)}\\b(?:parameter|argument|field)\\b`,
  ),
]);
