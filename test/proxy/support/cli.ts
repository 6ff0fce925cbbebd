// Runs an `airlock` command against a proxy's state folder, as an operator would in another terminal.
import { runBin, type BinResult } from '../../cli/run-bin.js';

/** `airlock ARGS` with `AIRLOCK_HOME=home`. */
export function runAirlock(args: readonly string[], home: string): Promise<BinResult> {
  return runBin(args, { cwd: home, env: { AIRLOCK_HOME: home } });
}
