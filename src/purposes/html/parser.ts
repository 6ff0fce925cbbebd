// The spec HTML parser and serializer of the html purpose (parse5, the parser jsdom uses), loaded on first need.
import { createRequire } from 'node:module';
import type * as Parse5 from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';

/** What the html purpose does with parse5, without building a DOM. */
export interface HtmlParser {
  /** Parses a whole document, as `DOMParser.parseFromString(value, 'text/html')` does. */
  parseDocument(value: string): DefaultTreeAdapterTypes.Document;
  /** The HTML serialization of a node's children, as `innerHTML` writes it. */
  serializeChildren(node: DefaultTreeAdapterTypes.ParentNode): string;
  /**
   * The HTML of a value without `<`: no element, comment or attribute can exist in it, so the parser reads
   * one text node in which only character references differ from the input. Parsed as the content of a
   * template (as `template.innerHTML = value` parses) and written back, it comes out in the one
   * serialization every sanitized value uses (`&amp;`, `&lt;`, `&nbsp;`…).
   */
  serializeText(value: string): string;
}

let loaded: HtmlParser | undefined;

/**
 * The parser, loaded on the first value with markup: a process that only sees plain text never loads it.
 * It is required synchronously, as jsdom requires it: a dynamic import still linking while jsdom's own
 * `require` of the same module runs makes that `require` fail, and a synchronous load cannot interleave.
 */
export function htmlParser(): HtmlParser {
  loaded ??= createParser(createRequire(import.meta.url)('parse5') as typeof Parse5);
  return loaded;
}

function createParser({ parse, parseFragment, serialize }: typeof Parse5): HtmlParser {
  return {
    parseDocument: (value) => parse(value),
    serializeChildren: (node) => serialize(node),
    // parse5 parses a fragment without a context element in the context of a `<template>`.
    serializeText: (value) => serialize(parseFragment(value)),
  };
}
