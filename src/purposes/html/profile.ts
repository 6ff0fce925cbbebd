// The minimal HTML profile: the only elements and attributes rich text may keep, shared by purpose and sink.

/** Elements rich text may keep. Everything else is removed (its text kept where that is safe). */
export const HTML_ALLOWED_TAGS: readonly string[] = Object.freeze([
  'p',
  'br',
  'em',
  'strong',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
]);

/** The one attribute rich text may keep; its value must pass the egress policy. */
export const HTML_ALLOWED_ATTRIBUTES: readonly string[] = Object.freeze(['href']);

/**
 * Elements whose content is removed with them (never turned into text). The list is complete: it names also
 * the elements DOMPurify drops with their content by default, so a sanitizer without those defaults (the
 * browser's Sanitizer API) applies the same profile.
 */
export const HTML_FORBIDDEN_CONTENTS: readonly string[] = Object.freeze([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'svg',
  'math',
  'form',
  'textarea',
  'select',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'annotation-xml',
  'audio',
  'colgroup',
  'desc',
  'foreignobject',
  'head',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'selectedcontent',
  'thead',
  'video',
]);

/** The `rel` every kept link gets: no opener, no referrer, no ranking credit, marked as user content. */
export const HTML_LINK_REL = 'noopener noreferrer nofollow ugc';

/** The image element: kept only in a field that enables images, and only when its source passes the image policy. */
export const HTML_IMAGE_TAG = 'img';

/** Attributes a kept image may have: its source (checked by the image policy) and its text alternative. */
export const HTML_IMAGE_ATTRIBUTES: readonly string[] = Object.freeze(['src', 'alt']);

/** The one URL-bearing attribute of each element that may carry a URL; no other attribute may hold one. */
export const HTML_URL_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, { a: 'href', img: 'src' }),
);
