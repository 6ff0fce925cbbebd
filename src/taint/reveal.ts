// revealUntrusted: the one named call that reads the plain value out of an untrusted wrapper, counted.
import type { Counter, MeterProvider } from '@opentelemetry/api';
import { registeredMeterProvider } from '../audit/meter-provider.js';
import { heldValue, isUntrusted, type Untrusted } from './untrusted.js';

interface Instrument {
  readonly provider: MeterProvider;
  readonly reveals: Counter;
}

let instrument: Instrument | undefined;

/** The counter of the meter provider registered now (made again when the application registers another). */
function reveals(provider: MeterProvider): Counter {
  if (instrument?.provider === provider) return instrument.reveals;
  const reveals = provider.getMeter('airlock').createCounter('airlock.untrusted.reveals', {
    description: 'Untrusted values read out as plain values by application code, by source',
  });
  instrument = { provider, reveals };
  return reveals;
}

/**
 * The plain value an untrusted wrapper holds. This is the one way application code takes prose out of the taint
 * system — to compare it, store it, or hand it to code that needs a string — so it is explicit, easy to find in
 * review (search for `revealUntrusted`), and counted: each call adds one to the OpenTelemetry counter
 * `airlock.untrusted.reveals` with the wrapper's `source` as attribute. The value is not cleaned further: putting
 * it into a trusted slot (a system prompt, an instruction) is the caller's decision. To show it, hand the
 * wrapper or the whole outcome to a sink instead, which needs no reveal. A value that is not a wrapper throws a
 * TypeError.
 */
export function revealUntrusted<T>(value: Untrusted<T>): T {
  if (!isUntrusted(value)) throw new TypeError('revealUntrusted takes an untrusted value.');
  const provider = registeredMeterProvider();
  if (provider !== undefined) reveals(provider).add(1, { source: value.source });
  return heldValue(value);
}
