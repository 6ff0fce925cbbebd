// Conformance data: the permissive policy, and every CommonMark example the policy changes, with its reasons.
import { defineEgressPolicy } from '../../../src/egress/policy.js';
import { HTML_LINK_REL } from '../../../src/purposes/html/profile.js';

/**
 * The policy the conformance suites run under: as little blocked as a policy can say — any host not on the
 * default blocked names, over http, https, ws and wss, with credentials and IP literals (public addresses).
 */
export const CONFORMANCE_POLICY = defineEgressPolicy({
  schemes: ['https', 'http', 'wss', 'ws'],
  hosts: 'any',
  credentials: 'allow',
  ipLiterals: 'allow',
});

/** The sink's output with the `rel` it adds to every link set aside (plain markdown-it adds none). */
export function withoutSinkRel(html: string): string {
  return html.replaceAll(` rel="${HTML_LINK_REL}"`, '');
}

/** The spec files compared (CommonMark 0.31.2, and the spec's current head). */
export type SpecFile = 'spec-0.31.2.json' | 'spec.json';

/** The examples the egress policy changes, by the block reason the sink reports for each. */
export interface BlockedExamples {
  /**
   * `relative`: the destination has no scheme (`/url`, `foo`, `#fragment`, `<>`, an empty `()`). With no
   * trusted base URL it would resolve against whatever page shows it, so it is blocked and its Markdown stays
   * text (an empty destination, which markdown-it never offers to `validateLink`, keeps its link text,
   * unlinked). A destination the parser only tried is reported too: an example that another reason changes
   * lists it here when it also holds one.
   */
  readonly relative: readonly number[];
  /** `scheme`: `mailto:`, `irc:`, `MAILTO:`, `a+b+c:`, `made-up-scheme:`, `localhost:` — only http(s) and ws(s) pass. */
  readonly scheme: readonly number[];
  /** With linkify on, further `scheme` examples: a bare e-mail address would become a `mailto:` link. */
  readonly linkifyScheme: readonly number[];
  /**
   * `query_budget`: a link with a query or a fragment under a policy that names no hosts. A click would carry
   * them to a host nobody chose, so the Markdown stays text.
   */
  readonly queryBudget: readonly number[];
  /** `unparseable`: `<https://../>`, a host made of empty labels only. */
  readonly unparseable: readonly number[];
}

/**
 * Every example whose rendering differs from plain markdown-it (same preset, `html: false`, same linkify)
 * under {@link CONFORMANCE_POLICY}. All other examples render byte for byte the same once the `rel` the sink
 * adds to links is set aside.
 */
export const COMMONMARK_BLOCKED: Readonly<Record<SpecFile, BlockedExamples>> = Object.freeze({
  'spec-0.31.2.json': {
    relative: [
      22, 23, 32, 33, 192, 193, 194, 195, 196, 198, 200, 202, 203, 204, 205, 206, 207, 208, 210, 214, 215,
      216, 217, 218, 317, 404, 419, 422, 433, 473, 474, 482, 483, 484, 485, 486, 487, 489, 492, 495, 496, 498,
      499, 500, 501, 502, 503, 504, 505, 506, 507, 509, 510, 512, 514, 515, 516, 517, 518, 519, 520, 521, 522,
      524, 526, 527, 528, 529, 530, 531, 532, 533, 534, 535, 536, 537, 538, 539, 540, 541, 542, 543, 544, 545,
      549, 550, 553, 554, 555, 556, 557, 558, 559, 560, 561, 562, 563, 564, 565, 566, 567, 568, 569, 570, 571,
      572, 573, 574, 575, 576, 577, 578, 579, 580, 581, 582, 583, 584, 585, 586, 587, 588, 589, 591, 592, 593,
    ],
    scheme: [596, 597, 598, 599, 601, 604, 605],
    linkifyScheme: [612],
    queryBudget: [20, 480, 481, 501, 526, 538, 595],
    unparseable: [600],
  },
  'spec.json': {
    relative: [
      22, 23, 32, 33, 194, 195, 196, 197, 198, 200, 202, 204, 205, 206, 207, 208, 209, 210, 212, 216, 217,
      218, 219, 220, 319, 406, 421, 424, 435, 475, 476, 484, 485, 486, 487, 488, 489, 491, 494, 497, 498, 500,
      501, 502, 503, 504, 505, 506, 507, 508, 509, 511, 512, 514, 516, 517, 518, 519, 520, 521, 522, 523, 524,
      526, 528, 529, 530, 531, 532, 533, 534, 535, 536, 537, 538, 539, 540, 541, 542, 543, 544, 545, 546, 547,
      551, 552, 555, 556, 557, 558, 559, 560, 561, 562, 563, 564, 565, 566, 567, 568, 569, 570, 571, 572, 573,
      574, 575, 576, 577, 578, 579, 580, 581, 582, 583, 584, 585, 586, 587, 588, 589, 590, 591, 593, 594, 595,
    ],
    scheme: [598, 599, 600, 601, 603, 606, 607],
    linkifyScheme: [614],
    queryBudget: [20, 482, 483, 503, 528, 540, 597],
    unparseable: [602],
  },
});
