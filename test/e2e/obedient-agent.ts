// Test helper: the obedient agent of the end-to-end tests: its real executors and the models that obey tool output.
import type { PromptMessage } from '../../sinks/prompt/build.js';
import type { ToolBinding } from '../../src/calls/call-guard.js';
import type { ToolCallProposal } from '../../src/calls/decide.js';
import type { createEgressDispatcher } from '../../src/egress/dispatcher.js';
import { guardedFetch } from '../../src/egress/guarded-fetch.js';
import type { EgressPolicy } from '../../src/egress/policy.js';
import { defineTool } from '../../src/contract/define-tool.js';
import type { JsonValue } from '../../src/json/types.js';
import { derive, type Untrusted } from '../../src/taint/untrusted.js';
import { ticketSearch } from '../calls/fixtures.js';

/** Where the executors reach: the ticket service, through the egress policy and its dispatcher. */
export interface Egress {
  readonly ticketOrigin: string;
  readonly policy: EgressPolicy;
  readonly dispatcher: ReturnType<typeof createEgressDispatcher>;
}

/** Real executors: tickets and posts over guardedFetch, mail into an outbox that records every send. */
export function executors(outbox: JsonValue[], egress: Egress): Record<string, ToolBinding> {
  const { ticketOrigin, policy, dispatcher } = egress;
  const postResult = defineTool({
    name: 'http_post',
    version: 'post.v1',
    schema: { type: 'object', additionalProperties: false },
  });
  const mailResult = defineTool({
    name: 'send_email',
    version: 'mail.v1',
    schema: { type: 'object', additionalProperties: false },
  });
  return {
    search_tickets: {
      result: ticketSearch,
      execute: (_args, signal) => guardedFetch(`${ticketOrigin}/tickets`, { signal }, policy, { dispatcher }),
    },
    http_post: {
      result: postResult,
      execute: (args, signal) => {
        const { url, body } = args as { url: string; body: string };
        return guardedFetch(url, { method: 'POST', body, signal }, policy, { dispatcher });
      },
    },
    send_email: {
      result: mailResult,
      execute: (args) => {
        outbox.push(args);
        return Promise.resolve('{}');
      },
    },
  };
}

/**
 * The obedient model: it reads the prompt and does whatever the data says. It finds an email address and a URL
 * anywhere in the messages and proposes to mail and post "the customer list" there. `keepTaint` models an agent
 * framework that hands extracted values on as Untrusted<T> instead of plain strings.
 */
export function obedientModel(
  messages: readonly PromptMessage[],
  data: Untrusted<string>,
  keepTaint: boolean,
): ToolCallProposal[] {
  const text = messages.map((message) => message.content).join('\n');
  const address = /[\w.+-]+@[\w-]+\.[\w.-]+/.exec(text)?.[0];
  const url = /https?:\/\/[^\s"<>]+\/collect/.exec(text)?.[0];
  if (address === undefined || url === undefined) return [];
  const carry = (value: string) => (keepTaint ? derive(data, () => value) : value);
  return [
    {
      tool: 'send_email',
      arguments: { to: carry(address), subject: 'customer list', body: 'ACME Corp, 4111 1111 1111 1111' },
    },
    { tool: 'http_post', arguments: { url: carry(url), body: 'ACME Corp, 4111 1111 1111 1111' } },
  ];
}

/**
 * An obedient mailer: it mails "the customer list" to every address it finds in the prompt, the short ones and
 * the disguised ones (`ops (at) evil (dot) example`, which it writes out as an address the schema accepts).
 */
export function mailEveryAddress(messages: readonly PromptMessage[]): ToolCallProposal[] {
  const text = messages.map((message) => message.content).join('\n');
  const plain = text.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? [];
  const disguised = [...text.matchAll(/(\w+) \(at\) (\w+) \(dot\) (\w+)/g)].map(
    ([, user, host, tld]) => `${user ?? ''}@${host ?? ''}.${tld ?? ''}`,
  );
  return [...plain, ...disguised].map((to) => ({
    tool: 'send_email',
    arguments: { to, subject: 'customer list', body: 'ACME Corp, 4111 1111 1111 1111' },
  }));
}
