// Test helper: parses rendered HTML with jsdom (never pattern-matching) and lists what in it is live.
import { JSDOM } from 'jsdom';

const { document } = new JSDOM('').window;

/** What a rendered fragment holds: link targets, elements that load or run anything, and its text. */
export interface InspectedHtml {
  readonly hrefs: string[];
  readonly media: number;
  readonly text: string;
}

/** Parses an HTML fragment in one shared jsdom document and inspects it. */
export function inspectHtml(html: string): InspectedHtml {
  const root = document.createElement('div');
  root.innerHTML = html;
  return {
    hrefs: Array.from(root.querySelectorAll('a'), (link) => link.getAttribute('href') ?? ''),
    media: root.querySelectorAll('img, image, script, iframe, object, embed, svg, style, video, audio')
      .length,
    text: root.textContent,
  };
}
