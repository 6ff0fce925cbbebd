// A page script for the render-time test: mounts ToolOutput from agent-airlock/react, one message at a time.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { defineEgressPolicy, type DisplayInput, type EgressPolicyOptions } from 'agent-airlock/browser';
import { ToolOutput } from 'agent-airlock/react';

/** What the harness offers the test, on `window.airlockHarness`. */
export interface ReactHarness {
  /**
   * Mounts each input in its own root under `#harness`, synchronously, and measures each message from the render
   * call through React's commit (where ToolOutput renders) to the layout of the new message: milliseconds each.
   */
  time(inputs: readonly DisplayInput[], egress: EgressPolicyOptions): number[];
}

const harness: ReactHarness = {
  time(inputs, egress) {
    const policy = defineEgressPolicy(egress);
    const host = document.createElement('div');
    host.id = 'harness';
    document.body.append(host);
    return inputs.map((input) => {
      const box = document.createElement('div');
      host.append(box);
      const root = createRoot(box);
      const started = performance.now();
      flushSync(() => {
        root.render(<ToolOutput outcome={input} policy={policy} />);
      });
      box.getBoundingClientRect();
      return performance.now() - started;
    });
  },
};

(window as unknown as { airlockHarness: ReactHarness }).airlockHarness = harness;
