// The whole conversation: an introduction, a table of contents, and one section of turns per pack.
import { useEffect, useMemo, type ReactElement } from 'react';
import { defineEgressPolicy, TRUSTED_TYPES_POLICY_NAME } from 'agent-airlock/browser';
import type { DemoPack, DemoScript } from '../script.js';
import { CaseTurn } from './case-turn.js';

/** The anchor of a case: its pack and id. */
export function caseAnchor(pack: string, id: string): string {
  return `${pack}/${id}`;
}

/** Renders every pack's turns; marks the page ready (`aria-busy="false"`) once they are in the document. */
export function Conversation({ script }: { readonly script: DemoScript }): ReactElement {
  useEffect(() => {
    document.getElementById('demo')?.setAttribute('aria-busy', 'false');
  }, []);
  const total = script.packs.reduce((sum, pack) => sum + pack.cases.length, 0);
  return (
    <>
      <header className="intro">
        <h1>Airlock: hostile tool output in a chat UI</h1>
        <p>
          An agent asks its tools {total} questions. Each answer went through the gate on the server —
          bounded, parsed strictly, validated against a closed contract, bound to its request, sanitized per
          field — and is shown here by the html sink, under a CSP that allows no inline script and requires
          Trusted Types (only the <code>{TRUSTED_TYPES_POLICY_NAME}</code> policy). Beside each answer: what
          the tool really sent, as inert text.
        </p>
        <nav aria-label="Packs">
          <ul className="contents">
            {script.packs.map((pack) => (
              <li key={pack.name}>
                <a href={`#${pack.name}`}>{pack.name}</a> <span className="count">{pack.cases.length}</span>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {script.packs.map((pack) => (
        <PackSection key={pack.name} pack={pack} />
      ))}
    </>
  );
}

function PackSection({ pack }: { readonly pack: DemoPack }): ReactElement {
  const policy = useMemo(() => defineEgressPolicy(pack.egress), [pack.egress]);
  const hosts = pack.egress.hosts === 'any' ? 'any public host' : pack.egress.hosts.join(', ');
  return (
    <section className="pack" id={pack.name} aria-labelledby={`${pack.name}-title`}>
      <h2 id={`${pack.name}-title`}>{pack.name}</h2>
      <p className="description">{pack.description}</p>
      <p className="policy">Links may go to: {hosts}</p>
      {pack.cases.map((turn) => (
        <CaseTurn key={turn.id} anchor={caseAnchor(pack.name, turn.id)} turn={turn} policy={policy} />
      ))}
    </section>
  );
}
