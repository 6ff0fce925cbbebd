// More provider token shapes: documented prefixes of developer platforms, CI services and AI APIs (data only).
import type { PrefixRule } from './providers.js';

const B62 = 'A-Za-z0-9';
const UUID = '[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}';

/** Token families added beside the first table (providers.ts); each entry is frozen by that table. */
export const MORE_PREFIX_RULES: readonly PrefixRule[] = [
  { provider: 'aws', prefixes: ['amzn.mws.'], body: UUID },
  { provider: 'aws', prefixes: ['da2-'], body: '[a-z0-9]{26}' },
  { provider: 'docker', prefixes: ['dckr_pat_', 'dckr_oat_'], body: `[${B62}_-]{27,64}` },
  { provider: 'firecrawl', prefixes: ['fc-'], body: '[a-f0-9]{32}' },
  { provider: 'jina', prefixes: ['jina_'], body: `[${B62}]{60}` },
  { provider: 'newrelic', prefixes: ['NRRA-'], body: '[a-f0-9]{42}' },
  { provider: 'newrelic', prefixes: ['px-api-', 'px-dep-'], body: UUID },
  { provider: 'segment', prefixes: ['sgp_'], body: `[${B62}]{64}` },
  { provider: 'stackhawk', prefixes: ['hawk.'], body: `[${B62}_-]{20}\\.[${B62}_-]{20}` },
  // TeamCity: a header that decodes to `{"typ": "TCV2"}`, then two random parts.
  { provider: 'teamcity', prefixes: ['eyJ0eXAiOiAiVENWMiJ9.'], body: `[${B62}_-]{36}\\.[${B62}_-]{48}` },
  { provider: 'buildkite', prefixes: ['bkua_'], body: '[a-z0-9]{40}' },
  { provider: 'langsmith', prefixes: ['lsv2_pt_', 'lsv2_sk_'], body: '[a-f0-9]{32}_[a-f0-9]{10}' },
  { provider: 'teamwork', prefixes: ['tkn.v1_'], body: `[${B62}+/]{60,120}={0,2}`, base64: true },
  { provider: 'circleci', prefixes: ['CCIPAT_'], body: `[${B62}]{22,26}_[a-z0-9]{40}` },
  { provider: 'ionic', prefixes: ['ion_'], body: `[${B62}]{42}` },
  { provider: 'mongodb', prefixes: ['mdb_sa_sk_'], body: `[${B62}_-]{40}` },
  { provider: 'sonarqube', prefixes: ['sqp_', 'squ_', 'sqa_'], body: '[a-f0-9]{40}' },
  { provider: 'sourcegraph', prefixes: ['slk_'], body: '[a-f0-9]{64}' },
  {
    provider: 'tailscale',
    prefixes: ['tskey-'],
    body: `(?:auth|api|client|scim|webhook)-[${B62}]{6,20}-[${B62}]{16,64}`,
  },
  // Slack tokens of any type in their general form: a digit-led id, then dash-separated parts (16 or more).
  {
    provider: 'slack',
    prefixes: ['xoxb-', 'xoxp-', 'xoxa-', 'xoxr-', 'xoxo-', 'xoxs-', 'xoxe-'],
    body: `(?=[${B62}-]{16})\\d[${B62}]{0,14}(?:-[${B62}]{1,66}){1,4}`,
  },
];
