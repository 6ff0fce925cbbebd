// A React root for one test file: mounted in a fresh host element before each test, unmounted after it.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The current test's host element (in `document.body`) and its root. */
export interface MountedRoot {
  readonly host: HTMLElement;
  readonly root: Root;
}

/** Registers the hooks and returns a getter for the current test's host and root. */
export function useReactRoot(): () => MountedRoot {
  let mounted: MountedRoot | undefined;
  beforeEach(() => {
    const host = document.createElement('div');
    document.body.append(host);
    mounted = { host, root: createRoot(host) };
  });
  afterEach(() => {
    const current = mounted;
    if (current === undefined) return;
    act(() => {
      current.root.unmount();
    });
    current.host.remove();
  });
  return () => {
    if (mounted === undefined) throw new Error('useReactRoot: no test is running');
    return mounted;
  };
}
