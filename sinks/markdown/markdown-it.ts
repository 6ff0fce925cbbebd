// markdown-it, loaded when Markdown is first rendered; a browser bundle hands over the copy it carries.
import type MarkdownIt from 'markdown-it';

/** markdown-it's constructor. */
export type MarkdownItClass = typeof MarkdownIt;

let markdownItClass: MarkdownItClass | undefined;

/**
 * Hands over the markdown-it a bundle carries (the browser entry does, where nothing can be loaded at run
 * time); {@link markdownIt} then never loads a copy.
 */
export function provideMarkdownIt(provided: MarkdownItClass): void {
  markdownItClass = provided;
}

/**
 * markdown-it's constructor: the one handed over, or else Node's copy, loaded synchronously on the first call,
 * so importing the sinks does not load it until Markdown is rendered.
 */
export function markdownIt(): MarkdownItClass {
  if (markdownItClass === undefined) {
    const nodeModule = globalThis.process.getBuiltinModule('node:module');
    markdownItClass = nodeModule.createRequire(import.meta.url)('markdown-it') as MarkdownItClass;
  }
  return markdownItClass;
}
