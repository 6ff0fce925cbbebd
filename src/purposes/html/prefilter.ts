// A cheap scan of the source that sends markup plainly outside the profile to DOMPurify before any parse.
import { HTML_ALLOWED_TAGS, HTML_IMAGE_TAG } from './profile.js';

const PROFILE_TAGS: ReadonlySet<string> = new Set(HTML_ALLOWED_TAGS);

/** Every `<` that can start markup: `<!`, `<?`, `</`, or a tag name (letters up to whitespace, `/` or `>`). */
const MARKUP_START = /<([!?/]?)([A-Za-z][^\t\n\f\r />]*)?/g;
/** What may follow the name of a tag that must carry no attribute: whitespace, then `>` or `/>`. */
const BARE_TAG_END = /[\t\n\f\r ]*\/?>/y;
/** What may follow `<a`: one `href` attribute and the end of the tag. */
const LINK_TAG_END =
  /[\t\n\f\r ]+href[\t\n\f\r ]*=[\t\n\f\r ]*(?:"[^"]*"|'[^']*'|[^\t\n\f\r >"'=<`]+)[\t\n\f\r ]*>/iy;

/**
 * False when the source shows markup the proof would refuse anyway: a comment, doctype or processing
 * instruction, a tag outside the profile, attributes on a tag that may carry none, a link with anything but
 * one `href`. True means only "worth parsing": the proof on the parsed tree decides. Refusing a value here
 * only sends it to DOMPurify, so the scan may be coarse; it never accepts anything by itself.
 */
export function mayBeClean(value: string, images: boolean): boolean {
  MARKUP_START.lastIndex = 0;
  for (let match = MARKUP_START.exec(value); match !== null; match = MARKUP_START.exec(value)) {
    const [, mark, name] = match;
    if (name === undefined) {
      if (mark === '') continue;
      return false;
    }
    if (mark === '!' || mark === '?') return false;
    const tag = name.toLowerCase();
    if (images && tag === HTML_IMAGE_TAG && mark === '') continue;
    if (!PROFILE_TAGS.has(tag)) return false;
    const end = tag === 'a' && mark === '' ? LINK_TAG_END : BARE_TAG_END;
    end.lastIndex = MARKUP_START.lastIndex;
    if (!end.test(value)) return false;
  }
  return true;
}
