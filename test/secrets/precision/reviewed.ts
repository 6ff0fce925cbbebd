// Every redaction the node_modules corpora still get, reviewed: what was redacted and why that is right.

/** One reviewed redaction: the file (under node_modules), the text replaced, and the verdict. */
export interface ReviewedRedaction {
  readonly file: string;
  readonly redacted: string;
  readonly verdict: string;
}

/**
 * The reviewed list. Every other redaction the corpus once had was code or documentation that holds no secret
 * (type annotations, JSX props, `file:line` links, key fingerprints, words after "pass" and "key"): each of those
 * shapes is now a test in code-lookalikes.test.ts.
 */
export const REVIEWED_REDACTIONS: readonly ReviewedRedaction[] = Object.freeze([
  {
    file: 'pg-pool/README.md',
    redacted: 'secret!',
    verdict: 'a password literal in a configuration example: redacting it is right (it could be real)',
  },
  {
    file: 'pkce-challenge/README.md',
    redacted: 'u1ta-MQ0e7TcpHjgz33M2DcBnOQu~aMGxuiZt0QMD1C',
    verdict: 'a PKCE code verifier: a secret by design of the protocol until the code is exchanged',
  },
  {
    file: 'hono/dist/types/middleware/basic-auth/index.d.ts',
    redacted: 'ahotproject',
    verdict: 'a password literal in a basic-auth example (a .d.ts doc comment): redacting it is right',
  },
  {
    file: '@types/node/crypto.d.ts',
    redacted: 'top secret',
    verdict: 'a passphrase literal in a doc comment example: redacting it is right (it could be real)',
  },
  {
    file: '@langchain/core/node_modules/langsmith/resources/public/runs.mjs',
    redacted: '182bd5e5-6e1a-4fe4-a799-aa6d9a6ab26e',
    verdict:
      'a share token (a bearer credential in the form of a UUID) in a doc comment: redacting it is right',
  },
  {
    file: 'simple-get/README.md',
    redacted: 'pa$$word',
    verdict: 'a password literal in a basic-auth example: redacting it is right (it could be real)',
  },
]);
