// The chat-template control tokens and turn markers that untrusted text must never carry into a prompt (data).

/** A model family whose chat template has control tokens listed here. */
export type ChatTemplateFamily =
  | 'chatml'
  | 'llama2'
  | 'llama3'
  | 'mistral'
  | 'gemma'
  | 'phi'
  | 'qwen'
  | 'deepseek'
  | 'harmony'
  | 'command-r';

/**
 * The literal control tokens of each family, spelled exactly as the tokenizer's special-token table has them
 * (DeepSeek's bars are U+FF5C and its word separator is U+2581). A token shared by families is listed under each.
 * Matching is done on a look-alike fold of both sides, so case, width, confusables, invisibles and entity
 * encoding do not matter here; list each token once in its canonical spelling.
 */
export const CHAT_TEMPLATE_TOKENS: Readonly<Record<ChatTemplateFamily, readonly string[]>> = Object.freeze({
  chatml: Object.freeze(['<|im_start|>', '<|im_end|>', '<|im_sep|>', '<|endoftext|>']),
  llama2: Object.freeze(['[INST]', '[/INST]', '<<SYS>>', '<</SYS>>', '<s>', '</s>']),
  llama3: Object.freeze([
    '<|begin_of_text|>',
    '<|end_of_text|>',
    '<|start_header_id|>',
    '<|end_header_id|>',
    '<|eot_id|>',
    '<|eom_id|>',
    '<|python_tag|>',
  ]),
  mistral: Object.freeze([
    '<s>',
    '</s>',
    '[INST]',
    '[/INST]',
    '[SYSTEM_PROMPT]',
    '[/SYSTEM_PROMPT]',
    '[AVAILABLE_TOOLS]',
    '[/AVAILABLE_TOOLS]',
    '[TOOL_CALLS]',
    '[TOOL_RESULTS]',
    '[/TOOL_RESULTS]',
    '[TOOL_CONTENT]',
    '[CALL_ID]',
    '[ARGS]',
    '[THINK]',
    '[/THINK]',
  ]),
  gemma: Object.freeze(['<bos>', '<eos>', '<start_of_turn>', '<end_of_turn>']),
  phi: Object.freeze([
    '<|system|>',
    '<|user|>',
    '<|assistant|>',
    '<|end|>',
    '<|endoftext|>',
    '<|tool|>',
    '<|/tool|>',
    '<|tool_call|>',
    '<|/tool_call|>',
    '<|tool_response|>',
    '<|im_sep|>',
  ]),
  qwen: Object.freeze([
    '<|im_start|>',
    '<|im_end|>',
    '<|endoftext|>',
    '<tool_call>',
    '</tool_call>',
    '<tool_response>',
    '</tool_response>',
    '<think>',
    '</think>',
  ]),
  deepseek: Object.freeze([
    '<｜begin▁of▁sentence｜>',
    '<｜end▁of▁sentence｜>',
    '<｜User｜>',
    '<｜Assistant｜>',
    '<｜tool▁calls▁begin｜>',
    '<｜tool▁calls▁end｜>',
    '<｜tool▁call▁begin｜>',
    '<｜tool▁call▁end｜>',
    '<｜tool▁sep｜>',
    '<｜tool▁outputs▁begin｜>',
    '<｜tool▁outputs▁end｜>',
    '<｜tool▁output▁begin｜>',
    '<｜tool▁output▁end｜>',
    '<think>',
    '</think>',
  ]),
  harmony: Object.freeze([
    '<|start|>',
    '<|end|>',
    '<|message|>',
    '<|channel|>',
    '<|constrain|>',
    '<|return|>',
    '<|call|>',
  ]),
  'command-r': Object.freeze([
    '<|START_OF_TURN_TOKEN|>',
    '<|END_OF_TURN_TOKEN|>',
    '<|SYSTEM_TOKEN|>',
    '<|USER_TOKEN|>',
    '<|CHATBOT_TOKEN|>',
  ]),
});

/**
 * Delimiters of the bar-delimited special-token shape `<|name|>` that ChatML, Llama 3, Phi, DeepSeek, Harmony and
 * Command R share. Any name inside them is defused (up to `maxNameLength` characters of anything, or longer
 * without `<`, `>` or a line break), so a model's future or reserved tokens (`<|reserved_special_token_7|>`) are
 * covered without being listed.
 */
export const BAR_TOKEN_DELIMITERS = Object.freeze({ open: '<|', close: '|>', maxNameLength: 64 });

/**
 * Speaker names that open a turn when they start a line followed by a colon (`Human:`, `Assistant:`): the
 * completion-style transcript format and most instruction datasets. Optional Markdown quote or emphasis marks
 * before the name and emphasis after it (`> **System:**`) do not hide it, nor does a line break before the colon
 * (datamarking turns it into a marker, and the reader of a datamarked block sees `Human^:`).
 */
export const TURN_ROLES: readonly string[] = Object.freeze([
  'Human',
  'Assistant',
  'System',
  'User',
  'Developer',
  'Tool',
]);

/**
 * Section names that open a turn as a Markdown header at the start of a line, with or without a colon
 * (`### Instruction:`, `### Response`, `> ## Input`): Alpaca, Vicuna and their descendants. Turn roles count as
 * headers too.
 */
export const HEADER_SECTIONS: readonly string[] = Object.freeze([
  'Instruction',
  'Instructions',
  'Input',
  'Response',
]);
