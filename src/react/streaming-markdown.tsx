// StreamingMarkdown: a React component that shows a model's Markdown answer while it streams, under the policy.
import { useLayoutEffect, useRef, type ReactElement } from 'react';
import type { ImageMode } from '../../sinks/markdown/options.js';
import type { MarkdownRenderReport } from '../../sinks/markdown/render-dom.js';
import { createMarkdownStream, type MarkdownStream } from '../../sinks/markdown/stream.js';
import type { EgressPolicy } from '../egress/policy.js';

/** The props of {@link StreamingMarkdown}. */
export interface StreamingMarkdownProps {
  /** The answer so far. Each render may pass a longer text; a text that does not continue the last starts over. */
  readonly text: string;
  /** The egress policy every link and image URL is checked against (made by `defineEgressPolicy`). */
  readonly policy: EgressPolicy;
  /** Whether the answer is complete (an AI SDK text part whose `state` is no longer `'streaming'`). */
  readonly done?: boolean | undefined;
  /** How images may appear. Default `allowlisted`. */
  readonly images?: ImageMode | undefined;
  /** Turn bare URLs in text into links (each still checked by the policy). Default `false`. */
  readonly linkify?: boolean | undefined;
  /** Called once the answer is done, with what the policy changed (blocked links, withheld images). */
  readonly onRender?: ((report: MarkdownRenderReport) => void) | undefined;
  /** The class of the element the answer is rendered into. */
  readonly className?: string | undefined;
}

interface Written {
  readonly stream: MarkdownStream;
  readonly options: readonly unknown[];
  text: string;
  ended: boolean;
}

/**
 * Renders a streaming Markdown answer into a `<div>` of its own with `createMarkdownStream`: each render writes
 * only what `text` gained since the last, blocks that are final stay as they are, and a link or image appears
 * only once its URL is complete and allowed by the policy. When `done` turns true the stream ends and the
 * `<div>` holds exactly what `renderMarkdownInto` makes of the whole text. A text that does not continue the
 * one shown (a regenerated answer), or other options, start over. React owns the `<div>` and never its
 * children: nothing is passed to `dangerouslySetInnerHTML`. With the AI SDK's `useChat`, render each text part
 * as `<StreamingMarkdown text={part.text} done={part.state !== 'streaming'} policy={policy} />`. Content never
 * throws; options not made as `renderMarkdown` takes them throw a TypeError. On a server the `<div>` is empty.
 */
export function StreamingMarkdown(props: StreamingMarkdownProps): ReactElement {
  const { text, policy, done = false, images, linkify, onRender, className } = props;
  const element = useRef<HTMLDivElement>(null);
  const written = useRef<Written | null>(null);
  const callback = useRef(onRender);
  useLayoutEffect(() => {
    callback.current = onRender;
  });
  useLayoutEffect(() => {
    if (element.current === null) return;
    const options = [policy, images, linkify];
    let current = written.current;
    if (current === null || !continues(current, text, options)) {
      const settings = {
        policy,
        ...(images === undefined ? {} : { images }),
        ...(linkify === undefined ? {} : { linkify }),
      };
      current = { stream: createMarkdownStream(element.current, settings), options, text: '', ended: false };
      written.current = current;
    }
    if (text.length > current.text.length) current.stream.write(text.slice(current.text.length));
    current.text = text;
    if (done && !current.ended) {
      current.ended = true;
      void current.stream.end().then((report) => callback.current?.(report));
    }
  }, [text, done, policy, images, linkify]);
  return <div ref={element} className={className} data-airlock-markdown="" />;
}

/** Whether the stream shown can take `text`: same options, not ended unless the text is the same, a continuation. */
function continues(current: Written, text: string, options: readonly unknown[]): boolean {
  if (current.options.some((option, index) => option !== options[index])) return false;
  if (current.ended) return text === current.text;
  return text.startsWith(current.text);
}
