// The error of a proxy configuration mistake: its message names the file and key, or the flag, never a value.

/** A configuration mistake: the message names the file and the key (or the flag), never a value. */
export class ProxyConfigError extends Error {
  override readonly name = 'ProxyConfigError';
}
