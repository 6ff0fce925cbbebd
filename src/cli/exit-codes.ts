// The exit codes every command shares.

/** 0 success, 1 a rejected result, failed case or refusal, 2 a usage or configuration mistake. */
export const EXIT = Object.freeze({ ok: 0, failed: 1, usage: 2 });
