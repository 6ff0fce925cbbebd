// A value as it arrives on the other side of a JSON boundary (an outcome sent from a server to a browser).

/** `JSON.parse(JSON.stringify(value))`: untrusted wrappers become the strings they hold, as their JSON says. */
export function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}
