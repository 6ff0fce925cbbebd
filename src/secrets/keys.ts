// Which identifiers name a credential: split into words, then secret words and non-secret qualifiers decide.

/** How strict the value check is for a key: passwords may be short words, tokens must look random, and an access
 * id must look random without being an identifier shape (a UUID or hex id is a plain id there). */
export type KeyClass = 'password' | 'token' | 'access-id';

const PASSWORD_WORDS = new Set('password passwd pass pwd passphrase passcode pw pword passw'.split(' '));
const TOKEN_WORDS = new Set(
  (
    'secret secrets secrete token tokens pat apikey credential credentials creds cred auth oauth sas sig ' +
    'session cookie accessid ' +
    'authtoken accesstoken refreshtoken clientsecret privatekey secretkey accesskey apitoken apisecret ' +
    'authkey masterkey signingkey encryptionkey dsn connectionstring'
  ).split(' '),
);
const NON_SECRET_LAST = new Set(
  (
    'hash selector pair chars characters str signature signatures meshing event events id ids name names ' +
    'type types url uri urls endpoint host length len size count file files path dir format version ' +
    'policy prefix suffix field header param enabled required expiry expires expiration ttl lifetime ' +
    'timeout mode method provider algorithm alg index hint label description desc regex pattern schema ' +
    'usage limit location source kind template ref arn manager store storetype vault rotation used min ' +
    'max strength reset changed updated at date time status error field column placeholder input box ' +
    'dialog button form page link tab env var variable'
  ).split(' '),
);
const NON_SECRET_KEY_WORDS = new Set(
  (
    'monkey donkey turkey hotkey keyboard keyword keywords keystore keychain keyframe keypair keyring ' +
    'publickey pubkey hashkey sortkey primarykey foreignkey partitionkey rangekey cachekey idempotencykey ' +
    'tokenizer tokenize tokenized bypass compass surpass overpass underpass trespass author authors ' +
    'authority authorities authored authorization authorize authorized authenticate authenticity ' +
    'jsonwebtoken keycloak keyspace keyset authenticated authentication authenticator authn authz'
  ).split(' '),
);
const NON_SECRET_QUALIFIERS = new Set(
  (
    'schema bucket issuer valid public pub primary foreign sort partition cache csrf xsrf max min num ' +
    'total input output next page continuation cursor authenticity'
  ).split(' '),
);
const GLUED = /password|passwd|secret|token|apikey|credential|privatekey|accesskey/;

/** Splits an identifier into lower-case words at separators and camelCase boundaries. */
export function identifierWords(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

function wordClass(word: string, previous: string | undefined): KeyClass | null {
  if (NON_SECRET_KEY_WORDS.has(word)) return null;
  if (
    PASSWORD_WORDS.has(word) ||
    (word.endsWith('pass') && word.length <= 8) ||
    word.startsWith('password')
  ) {
    return 'password';
  }
  if (word === 'key' || word === 'keys') {
    return previous !== undefined && NON_SECRET_QUALIFIERS.has(previous) ? null : 'token';
  }
  if (TOKEN_WORDS.has(word) || GLUED.test(word)) return 'token';
  if (word.endsWith('key') && word.length > 4 && word.length <= 16) return 'token';
  return null;
}

/** Bundler's per-host credentials (`BUNDLE_GEMS__EXAMPLE__COM=user:pass`): the host, dots written `__`. */
const BUNDLER_HOST = /^BUNDLE_[A-Z0-9_]*__[A-Z]{2,}$/;

/** Key names that hold a token only by a tool's convention: an access id pair, `sonar.login`. */
function conventionClass(words: readonly string[]): KeyClass | null {
  const [previous, last] = words.slice(-2);
  if (previous === 'access' && last === 'id') return 'access-id';
  return previous === 'sonar' && last === 'login' ? 'token' : null;
}

/** Classifies an identifier as naming a password, a token, or (null) no credential at all. */
export function classifyKey(identifier: string): KeyClass | null {
  if (BUNDLER_HOST.test(identifier)) return 'password';
  const words = identifierWords(identifier);
  const last = words[words.length - 1];
  if (last === undefined || words.length > 8) return null;
  const convention = conventionClass(words);
  if (convention !== null) return convention;
  let found: KeyClass | null = null;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const kind = wordClass(word, words[i - 1]);
    if (kind === null) continue;
    found = found === 'password' ? found : kind;
    if (i < words.length - 1 && NON_SECRET_LAST.has(last)) return null;
  }
  if (found !== null && NON_SECRET_QUALIFIERS.has(words[0] ?? '') && words.length <= 2) return null;
  return found;
}

const NON_SECRET_MARKS = new Set('public pub authenticity csrf xsrf'.split(' '));
const NON_SECRET_IDS = new Set(
  (
    'signature signatures hash id ids checksum digest etag sha sha1 sha256 sha512 md5 integrity nonce commit ' +
    'uuid guid rev revision version fingerprint thumbprint'
  ).split(' '),
);

/** True when an identifier names a value that is public or an identifier by design: a public key or token, a
 * CSRF token, a signature, hash, checksum, id or version. Such values are never redacted as bare tokens. */
export function isNonSecretKey(identifier: string): boolean {
  const words = identifierWords(identifier);
  const last = words[words.length - 1];
  return words.some((word) => NON_SECRET_MARKS.has(word)) || (last !== undefined && NON_SECRET_IDS.has(last));
}

/** The identifier that a value at `at` is assigned to (`key: v`, `key = "v"`, `"key": "v"`), or null. */
export function keyBefore(text: string, at: number, from: number): string | null {
  const head = text.slice(Math.max(from, at - 96), at);
  const m = /([A-Za-z_][\w.-]{0,63})["'`\]]?[ \t]*(?::=|=>|[:=])[ \t]*["'`]?$/.exec(head);
  return m?.[1] ?? null;
}
