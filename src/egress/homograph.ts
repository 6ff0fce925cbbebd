// Inspects the IDN labels of a host for mixed scripts and for whole-label Latin look-alikes (homographs).
import { domainToUnicode } from './domain-name.js';
import { ALLOWED_SCRIPT_MIXES, IDN_SCRIPTS, LATIN_LOOKALIKES } from './host-scripts.js';

/** How many labels of a host mix scripts, and how many are written only with Latin look-alikes. */
export interface HomographReport {
  readonly mixedScriptLabels: number;
  readonly lookalikeLabels: number;
}

const SCRIPT_TESTS: readonly (readonly [string, RegExp])[] = IDN_SCRIPTS.map(
  (script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const,
);
const UNLISTED = 'Unlisted';
const UNLISTED_LETTER = new RegExp(
  `[^\\p{Script=Common}\\p{Script=Inherited}${IDN_SCRIPTS.map((script) => `\\p{Script=${script}}`).join('')}]`,
  'u',
);
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/gu;
const LOOKALIKE_LABELS: ReadonlyMap<string, RegExp> = new Map(
  Object.entries(LATIN_LOOKALIKES).map(([script, letters]) => [script, new RegExp(`^[${letters}]+$`, 'u')]),
);
const ACE_PREFIX = 'xn--';

/**
 * Looks at each punycode label of a canonical host in its Unicode form. A label mixing scripts outside the
 * usual Han-based combinations is mixed-script; a label written entirely with letters that look like Latin
 * ones (Cyrillic `аррӏе`), under a top-level domain not in that same script, is a look-alike. ASCII-only
 * hosts are never inspected further.
 */
export function inspectHomographs(host: string): HomographReport {
  if (!host.includes(ACE_PREFIX)) return { mixedScriptLabels: 0, lookalikeLabels: 0 };
  const labels = host
    .split('.')
    .map((label) => (label.startsWith(ACE_PREFIX) ? domainToUnicode(label) : label));
  const topLevelScripts = scriptsOf(labels.at(-1) ?? '');
  let mixedScriptLabels = 0;
  let lookalikeLabels = 0;
  for (const label of labels) {
    if (/^[\x20-\x7e]*$/.test(label)) continue;
    const scripts = scriptsOf(label);
    if (scripts.size > 1 && !ALLOWED_SCRIPT_MIXES.some((mix) => [...scripts].every((s) => mix.includes(s)))) {
      mixedScriptLabels++;
    } else if (scripts.size === 1 && isLookalike(label, scripts, topLevelScripts)) {
      lookalikeLabels++;
    }
  }
  return { mixedScriptLabels, lookalikeLabels };
}

function scriptsOf(label: string): Set<string> {
  const scripts = new Set<string>();
  for (const [script, test] of SCRIPT_TESTS) if (test.test(label)) scripts.add(script);
  if (UNLISTED_LETTER.test(label)) scripts.add(UNLISTED);
  return scripts;
}

function isLookalike(
  label: string,
  scripts: ReadonlySet<string>,
  topLevelScripts: ReadonlySet<string>,
): boolean {
  const [script] = scripts;
  if (script === undefined || topLevelScripts.has(script)) return false;
  return LOOKALIKE_LABELS.get(script)?.test(label.replace(NEUTRAL, '')) ?? false;
}
