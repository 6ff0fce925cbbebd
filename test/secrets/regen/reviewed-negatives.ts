// Scanner "should not flag" lines that a review found a credential in: left out of the outside negatives.

/** One reviewed line: a piece of it that identifies it, and why it holds a credential all the same. */
export interface ReviewedNegative {
  readonly holds: string;
  readonly reason: string;
}

/** The reviewed lines. Each is a negative of one scanner rule only because that rule wants another format. */
export const REVIEWED_NEGATIVES: readonly ReviewedNegative[] = Object.freeze([
  {
    holds: 'aws_secret_key: OOzkR1+hF+1ABCsIFDJMEUtqmtnZ1234567890',
    reason: 'a random value under a secret key name; the rule only wants 40 characters',
  },
  {
    holds: "client_credential='5pX8Q~MmTI8OMBJFVqMlFR4DE3Spz6Qm.xO.Gbf-'",
    reason: 'an Azure client secret (`Q~` form), left to the Azure rule by the generic one',
  },
  {
    holds: 'NPM_TOKEN="007e65c7-635d-4d54-8294-f360cb8e2e3f"',
    reason: 'a legacy npm token, which is a UUID; the rule only wants the `npm_` form',
  },
  {
    holds: '126031192_IgvUabrXbWSihj2ENnA59G1F8',
    reason: 'a Twitch stream key; the rule wants one more character',
  },
  {
    holds: "Twitter(auth=OAuth('MjuHWoGbzYmJv3ZuHaBvSENfyevu00NQuBc40VM'",
    reason: 'four OAuth credentials passed to a client; the rule wants them named',
  },
]);

/** Rules whose examples are public identifiers, not credentials: their examples are no positives. */
export const REVIEWED_PUBLIC_RULES: readonly ReviewedNegative[] = Object.freeze([
  {
    holds: 'kingfisher.squareup.1',
    reason: 'Square application ids (`sq0idp-`) are public: the Web Payments SDK puts them in every page',
  },
]);
