// Provider token shapes the secretlint preset lacks: literal prefix, then a body pattern (charset and length).
import { MORE_PREFIX_RULES } from './providers-more.js';
import type { SecretProvider } from './types.js';

/** One prefixed token shape: the body pattern is matched right after the prefix, anchored there. */
export interface PrefixRule {
  readonly provider: SecretProvider;
  readonly prefixes: readonly string[];
  /** Regular-expression source of the body that must follow the prefix. */
  readonly body: string;
  /** Whether base64 characters `+ / =` extend the token past its body. */
  readonly base64?: true;
  /** Name of a checksum or structure check in checks.ts that a real token passes. */
  readonly check?: 'github-crc32' | 'json-base64' | 'grafana-key';
  /** Whether the body must mix letters and digits (short prefixes that also start ordinary words). */
  readonly mixed?: true;
}

const B62 = 'A-Za-z0-9';
const HEX = 'a-f0-9';

/** The prefix rule table, frozen: one entry per token family. */
export const PREFIX_RULES: readonly PrefixRule[] = Object.freeze(
  [
    {
      provider: 'github',
      prefixes: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
      body: `[${B62}]{30,251}`,
      check: 'github-crc32',
    },
    { provider: 'github', prefixes: ['github_pat_'], body: `[${B62}_]{22,255}` },
    {
      provider: 'gitlab',
      prefixes: ['glpat-', 'gldt-', 'glft-', 'glrt-', 'glsoat-', 'glwt-'],
      body: `[${B62}_-]{27,300}\\.[a-z0-9]{9}`,
    },
    {
      provider: 'gitlab',
      prefixes: ['glpat-', 'gldt-', 'glffct-', 'glft-', 'glrt-', 'glsoat-', 'glwt-', 'gltst-', 'GR1348941'],
      body: `[${B62}_-]{20,50}`,
    },
    { provider: 'gitlab', prefixes: ['glcbt-'], body: `(?:[0-9a-fA-F]{2}_)?[${B62}_-]{20,50}` },
    { provider: 'gitlab', prefixes: ['glimt-'], body: `[${B62}_-]{25}` },
    { provider: 'gitlab', prefixes: ['glptt-'], body: `[${B62}_-]{40}` },
    { provider: 'gitlab', prefixes: ['glagent-'], body: `[${B62}_-]{50,1024}` },
    { provider: 'gitlab', prefixes: ['gloas-'], body: `[${B62}_-]{64}` },
    {
      provider: 'openai',
      prefixes: ['sk-proj-', 'sk-admin-', 'sk-svcacct-', 'sk-None-'],
      body: `(?:[${B62}_-]{56,300}|[${B62}_-]{20,74}T3BlbkFJ[${B62}_-]{20,74})`,
    },
    { provider: 'openai', prefixes: ['sk-'], body: `[${B62}]{32,64}(?![${B62}_-])` },
    {
      provider: 'anthropic',
      prefixes: ['sk-ant-'],
      body: `(?:(?:api|admin)\\d{2,4}-[${B62}_-]{93}AA|(?:oat|ort|sid)\\d\\d-[${B62}_-]{80,300})`,
    },
    { provider: 'huggingface', prefixes: ['hf_'], body: `[${B62}]{30,40}` },
    { provider: 'huggingface', prefixes: ['api_org_'], body: `[${B62}]{30,40}` },
    {
      provider: 'pypi',
      prefixes: ['pypi-AgEIcHlwaS5vcmc', 'pypi-AgENdGVzdC5weXBpLm9yZw'],
      body: `[${B62}_-]{50,1500}`,
    },
    { provider: 'npm', prefixes: ['npm_'], body: `[${B62}]{36}`, check: 'github-crc32' },
    { provider: 'sendgrid', prefixes: ['SG.'], body: `[${B62}_-]{16,32}\\.[${B62}_-]{16,64}` },
    { provider: 'sendgrid', prefixes: ['SG.'], body: `[${B62}=_.-]{66}` },
    { provider: 'sendinblue', prefixes: ['xkeysib-', 'xsmtpsib-'], body: `[${HEX}]{64}-[${B62}]{16}` },
    {
      provider: 'stripe',
      prefixes: ['sk_live_', 'sk_test_', 'sk_prod_', 'rk_live_', 'rk_test_', 'rk_prod_', 'whsec_'],
      body: `[${B62}]{10,255}`,
    },
    {
      provider: 'slack',
      prefixes: ['xoxb-'],
      body: `\\d{8,14}-(?:\\d{10,13}[${B62}-]*|[${B62}]{18,26})`,
    },
    { provider: 'slack', prefixes: ['xoxp-', 'xoxe-'], body: `(?:\\d{8,13}-){3}[${B62}-]{10,64}` },
    { provider: 'slack', prefixes: ['xoxe-'], body: `\\d-[${B62}]{140,150}` },
    { provider: 'slack', prefixes: ['xoxe.xoxp-', 'xoxe.xoxb-'], body: `\\d-[${B62}]{150,170}` },
    {
      provider: 'slack',
      prefixes: ['xapp-'],
      body: `(?:\\d-[A-Z0-9]{8,12}-\\d{10,14}-[${B62}]{20,80}|\\d{12}-[${B62}/+]{24})`,
    },
    { provider: 'slack', prefixes: ['xoxa-', 'xoxr-'], body: `(?:\\d-)?[${B62}]{8,48}` },
    {
      provider: 'slack',
      prefixes: ['xoxo-', 'xoxs-'],
      body: `\\d{4,14}-\\d{4,14}-\\d{4,14}-[a-fA-F0-9]{8,80}`,
    },
    {
      provider: 'aws',
      prefixes: ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'A3T'],
      body: '[A-Z0-9]{16,17}(?![A-Za-z0-9])',
    },
    { provider: 'aws', prefixes: ['ABSK'], body: `[${B62}+/]{109,269}={0,2}`, base64: true },
    {
      provider: 'aws',
      prefixes: ['bedrock-api-key-'],
      body: `YmVkcm9jay5hbWF6b25hd3MuY29t[${B62}+/]*={0,2}`,
      base64: true,
    },
    { provider: 'google', prefixes: ['AIza'], body: `[${B62}_-]{35}` },
    { provider: 'google', prefixes: ['GOCSPX-'], body: `[${B62}_-]{28}` },
    { provider: 'google', prefixes: ['ya29.'], body: `[${B62}_-]{30,2000}` },
    { provider: 'age', prefixes: ['AGE-SECRET-KEY-1'], body: '[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}' },
    { provider: 'alibaba', prefixes: ['LTAI'], body: `[${B62}]{12,30}(?![${B62}])` },
    { provider: 'artifactory', prefixes: ['AKCp'], body: `[${B62}]{60,80}` },
    { provider: 'artifactory', prefixes: ['cmVmd'], body: `[${B62}]{59}` },
    { provider: 'atlassian', prefixes: ['ATATT3', 'ATCTT3'], body: `[${B62}_=-]{100,300}` },
    { provider: 'clojars', prefixes: ['CLOJARS_'], body: `[${B62}]{60}` },
    { provider: 'cloudflare', prefixes: ['v1.0-'], body: `[${HEX}]{24,64}-[${HEX}-]{100,300}` },
    { provider: 'databricks', prefixes: ['dapi'], body: `[${HEX}]{32}(?:-\\d)?` },
    { provider: 'digitalocean', prefixes: ['dop_v1_', 'doo_v1_', 'dor_v1_'], body: `[${HEX}]{64}` },
    {
      provider: 'doppler',
      prefixes: ['dp.pt.', 'dp.st.', 'dp.ct.', 'dp.sa.', 'dp.scim.', 'dp.audit.'],
      body: `(?:[a-z0-9_-]{2,35}\\.)?[${B62}]{40,44}`,
    },
    { provider: 'dropbox', prefixes: ['sl.'], body: `[${B62}_=-]{130,1400}` },
    { provider: 'duffel', prefixes: ['duffel_test_', 'duffel_live_'], body: `[${B62}_=-]{43}` },
    { provider: 'dynatrace', prefixes: ['dt0c01.'], body: `[${B62}]{24}\\.[${B62}]{64}` },
    { provider: 'easypost', prefixes: ['EZAK', 'EZTK'], body: `[${B62}]{54}` },
    { provider: 'facebook', prefixes: ['EAAC', 'EAAM'], body: `[${B62}]{100,400}` },
    {
      provider: 'flutterwave',
      prefixes: ['FLWSECK_TEST-', 'FLWSECK-', 'FLWPUBK_TEST-'],
      body: `[${B62}]{12,32}(?:-X)?`,
    },
    { provider: 'flyio', prefixes: ['fo1_'], body: `[${B62}_-]{43}` },
    {
      provider: 'flyio',
      prefixes: ['fm1a_', 'fm1r_', 'fm2_'],
      body: `[${B62}+/]{100,4000}={0,3}`,
      base64: true,
    },
    { provider: 'frameio', prefixes: ['fio-u-'], body: `[${B62}_=-]{64}` },
    { provider: 'grafana', prefixes: ['glc_'], body: `[${B62}+/]{32,400}={0,3}`, base64: true },
    { provider: 'grafana', prefixes: ['glsa_'], body: `[${B62}]{32}_[A-Fa-f0-9]{8}` },
    { provider: 'grafana', prefixes: ['eyJrIjoi'], body: `[${B62}]{70,400}={0,3}`, check: 'grafana-key' },
    { provider: 'harness', prefixes: ['pat.', 'sat.'], body: `[${B62}_-]{22}\\.[${B62}]{24}\\.[${B62}]{20}` },
    { provider: 'hashicorp', prefixes: ['hvs.', 'hvb.', 'hvr.'], body: `[${B62}_-]{24,300}` },
    { provider: 'hashicorp', prefixes: ['s.'], body: `[${B62}]{24}`, mixed: true },
    { provider: 'heroku', prefixes: ['HRKU-AA'], body: `[${B62}_-]{58}` },
    {
      provider: 'hubspot',
      prefixes: ['pat-na1-', 'pat-eu1-'],
      body: `[${HEX}]{8}-[${HEX}]{4}-[${HEX}]{4}-[${HEX}]{4}-[${HEX}]{12}`,
    },
    { provider: 'infracost', prefixes: ['ico-'], body: `[${B62}]{32}` },
    { provider: 'intra42', prefixes: ['s-s4t2ud-', 's-s4t2af-'], body: `[${HEX}]{64}` },
    { provider: 'linear', prefixes: ['lin_api_', 'lin_oauth_'], body: `[${B62}]{32,128}` },
    { provider: 'mailgun', prefixes: ['key-'], body: `[${HEX}]{32}(?![${B62}])` },
    { provider: 'mapbox', prefixes: ['sk.eyJ'], body: `[${B62}_-]{40,}\\.[${B62}_-]{20,}` },
    { provider: 'newrelic', prefixes: ['NRAK-'], body: '[A-Za-z0-9]{27}' },
    { provider: 'newrelic', prefixes: ['NRJS-'], body: `[${HEX}]{19}` },
    { provider: 'newrelic', prefixes: ['NRII-', 'NRAA-'], body: `[${B62}_-]{27,40}` },
    { provider: 'notion', prefixes: ['ntn_'], body: `[0-9]{11}[${B62}]{32,35}` },
    { provider: 'notion', prefixes: ['secret_'], body: `[${B62}]{43}(?![${B62}_])` },
    { provider: 'nuget', prefixes: ['oy2'], body: '[a-z0-9]{43}' },
    { provider: 'octopus', prefixes: ['API-'], body: '[A-Z0-9]{26}(?![A-Za-z0-9])' },
    { provider: 'openshift', prefixes: ['sha256~'], body: `[${B62}_-]{43}` },
    { provider: 'perplexity', prefixes: ['pplx-'], body: `[${B62}]{48}` },
    {
      provider: 'planetscale',
      prefixes: ['pscale_tkn_', 'pscale_pw_', 'pscale_oauth_'],
      body: `[${B62}_=.-]{32,64}`,
    },
    { provider: 'postman', prefixes: ['PMAK-'], body: `[${HEX}]{24}-[${HEX}]{34}` },
    { provider: 'prefect', prefixes: ['pnu_'], body: `[${B62}]{36}` },
    { provider: 'pulumi', prefixes: ['pul-'], body: `[${HEX}]{40}` },
    { provider: 'readme', prefixes: ['rdme_'], body: '[a-z0-9]{70}' },
    { provider: 'ruby-gems', prefixes: ['rubygems_'], body: `[${HEX}]{48}` },
    { provider: 'scalingo', prefixes: ['tk-us-'], body: `[${B62}_-]{48}` },
    { provider: 'sentry', prefixes: ['sntrys_'], body: `eyJ[${B62}+/=_]{50,2000}`, base64: true },
    { provider: 'sentry', prefixes: ['sntryu_'], body: `[${HEX}]{64}` },
    { provider: 'settlemint', prefixes: ['sm_pat_', 'sm_aat_', 'sm_sat_'], body: `[${B62}]{16}` },
    { provider: 'shippo', prefixes: ['shippo_live_', 'shippo_test_'], body: '[a-fA-F0-9]{40}' },
    { provider: 'shopify', prefixes: ['shpat_', 'shpca_', 'shppa_', 'shpss_'], body: `[${B62}]{32,64}` },
    { provider: 'sourcegraph', prefixes: ['sgp_'], body: '(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}' },
    { provider: 'square', prefixes: ['sq0atp-', 'EAAA'], body: `[${B62}_-]{22,80}` },
    // Square's own samples draw the secret from `[0-9A-Za-z\\-_]`, a range that also spans `\ ] ^`.
    { provider: 'square', prefixes: ['sq0csp-'], body: `[${B62}_\\\\\\]^-]{43}` },
    { provider: 'twilio', prefixes: ['SK'], body: '[0-9a-fA-F]{32}(?![A-Za-z0-9])' },
    { provider: 'typeform', prefixes: ['tfp_'], body: `[${B62}_.=-]{59}` },
    { provider: 'yandex', prefixes: ['AQVN'], body: `[${B62}_-]{35,38}` },
    { provider: 'yandex', prefixes: ['YC'], body: `[${B62}_-]{38}(?![${B62}_-])` },
    { provider: 'adobe', prefixes: ['p8e-'], body: `[${B62}-]{32}` },
    { provider: 'clickhouse', prefixes: ['4b1d'], body: `[${B62}]{38}` },
    { provider: 'airtable', prefixes: ['pat'], body: `[${B62}]{14}\\.[${HEX}]{64}` },
    {
      provider: '1password',
      prefixes: ['A3-'],
      body: '[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}',
    },
    {
      provider: 'authress',
      prefixes: ['sc_', 'ext_', 'scauth_'],
      body: `[${B62}]{5,30}\\.[${B62}]{4,6}\\.acc[_-][a-z0-9-]{10,32}\\.[${B62}+/_=-]{30,120}`,
    },
    // The same key under a prefix that spells the provider: marked generic, so no marker repeats the prefix.
    {
      provider: 'generic',
      prefixes: ['authress_'],
      body: `[${B62}]{5,30}\\.[${B62}]{4,6}\\.acc[_-][a-z0-9-]{10,32}\\.[${B62}+/_=-]{30,120}`,
    },
    { provider: '1password', prefixes: ['ops_eyJ'], body: `[${B62}+/]{100,20000}={0,3}`, base64: true },
    {
      provider: 'discord',
      prefixes: ['https://discord.com/api/webhooks/', 'https://discordapp.com/api/webhooks/'],
      body: `[0-9]{17,20}/[${B62}_-]{60,80}`,
    },
    {
      provider: 'slack',
      prefixes: ['https://hooks.slack.com/', 'http://hooks.slack.com/', 'hooks.slack.com/'],
      body: `(?:services|workflows|triggers)/[${B62}_/-]{20,200}`,
    },
    ...MORE_PREFIX_RULES,
  ].map((rule) => Object.freeze(rule)) as PrefixRule[],
);

/** Public example keys shipped in SDK sources and documentation (the Firebase Android SDK samples): published on
 * purpose, so never redacted. */
export const KNOWN_PUBLIC_TOKENS: ReadonlySet<string> = new Set(
  (
    'AIzaSyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs AIzaSyCkEhVjf3pduRDt6d1yKOMitrUEke8agEM ' +
    'AIzaSyDMAScliyLx7F0NPDEJi1QmyCgHIAODrlU AIzaSyD3asb-2pEZVqMkmL6M9N6nHZRR_znhrh0 ' +
    'AIzayDNSXIbFmlXbIE6mCzDLQAqITYefhixbX4A AIzaSyAdOS2zB6NCsk1pCdZ4-P6GBdi_UUPwX7c ' +
    'AIzaSyASWm6HmTMdYWpgMnjRBjxcQ9CKctWmLd4 AIzaSyANUvH9H9BsUccjsu2pCmEkOPjjaXeDQgY ' +
    'AIzaSyA5_iVawFQ8ABuTZNUdcwERLJv_a_p4wtM AIzaSyA4UrcGxgwQFTfaI3no3t7Lt1sjmdnP5sQ ' +
    'AIzaSyDSb51JiIcB6OJpwwMicseKRhhrOq1cS7g AIzaSyBF2RrAIm4a0mO64EShQfqfd2AFnzAvvuU ' +
    'AIzaSyBcE-OOIbhjyR83gm4r2MFCu4MJmprNXsw AIzaSyB8qGxt4ec15vitgn44duC5ucxaOi4FmqE ' +
    'AIzaSyA8vmApnrHNFE0bApF4hoZ11srVL_n0nvY'
  ).split(' '),
);
