// One turn of the conversation: the question, the tool call, the answer with and without Airlock.
import { useCallback, useState, type ReactElement } from 'react';
import type { EgressPolicy, HtmlRenderReport } from 'agent-airlock/browser';
import { ToolOutput } from 'agent-airlock/react';
import type { DemoCase, RawView } from '../script.js';

interface TurnProps {
  readonly anchor: string;
  readonly turn: DemoCase;
  readonly policy: EgressPolicy;
}

/** A question, the call it caused, the outcome through the html sink, and the raw output as text. */
export function CaseTurn({ anchor, turn, policy }: TurnProps): ReactElement {
  const { call } = turn;
  const facts = [`request ${call.requestId}`];
  if (call.tenant !== undefined) facts.push(`tenant ${call.tenant}`);
  if (call.limit !== undefined) facts.push(`limit ${String(call.limit)}`);
  return (
    <article className="turn" id={anchor} data-case={anchor}>
      <h3 className="title">
        <a href={`#${anchor}`}>{turn.id}</a> {turn.title}
        <span className={turn.passed ? 'expectation met' : 'expectation missed'}>
          {turn.passed ? 'as the pack expects' : 'not as the pack expects'}
        </span>
      </h3>
      <p className="bubble user">{turn.question}</p>
      <p className="bubble agent">
        Calling <code className="tool">{call.tool}</code> ({facts.join(', ')})
      </p>
      <div className="answers">
        <Answer turn={turn} policy={policy} />
        <Raw raw={turn.raw} />
      </div>
    </article>
  );
}

function Answer({ turn, policy }: Omit<TurnProps, 'anchor'>): ReactElement {
  const [sinkCodes, setSinkCodes] = useState<readonly string[]>([]);
  const onRender = useCallback((report: HtmlRenderReport) => {
    setSinkCodes([...new Set(report.findings.map((finding) => finding.code))]);
  }, []);
  const { outcome } = turn;
  if (outcome === null) {
    return (
      <section className="answer with" aria-label="With Airlock">
        <h4>With Airlock</h4>
        <p className="notice">The case's input could not be built.</p>
      </section>
    );
  }
  const gateCodes = [...new Set(outcome.meta.findings.map((finding) => finding.code))];
  return (
    <section className="answer with" aria-label="With Airlock">
      <h4>With Airlock: {outcome.ok ? 'accepted' : 'rejected'}</h4>
      <ToolOutput className="output" outcome={outcome} policy={policy} onRender={onRender} />
      {outcome.ok ? null : (
        <p className="agent-error">
          The agent sees <code>{JSON.stringify(outcome.error)}</code>
        </p>
      )}
      <dl className="facts">
        <dt>findings</dt>
        <dd className="findings">{gateCodes.length === 0 ? 'none' : gateCodes.join(' ')}</dd>
        <dt>rendering</dt>
        <dd className="sink-findings">{sinkCodes.length === 0 ? 'none' : sinkCodes.join(' ')}</dd>
        <dt>evidence</dt>
        <dd className="evidence">{outcome.meta.evidence ?? 'not kept'}</dd>
      </dl>
    </section>
  );
}

function Raw({ raw }: { readonly raw: RawView }): ReactElement {
  const facts = [`${String(raw.bytes)} bytes`, raw.form];
  if (raw.status !== undefined) facts.push(`status ${String(raw.status)}`);
  if (raw.contentType !== undefined) facts.push(raw.contentType);
  if (raw.contentEncoding !== undefined) facts.push(raw.contentEncoding);
  return (
    <section className="answer without" aria-label="Without Airlock">
      <h4>Without Airlock: what the tool sent</h4>
      <pre className="raw">{raw.text}</pre>
      <p className="raw-facts">
        {facts.join(' · ')}
        {raw.truncated ? ' · only the start is shown' : ''}
      </p>
    </section>
  );
}
