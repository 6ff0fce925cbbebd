// A zod contract: the data type is inferred, with prose typed Untrusted<string>, and the outcome shown by every sink.
import { z } from 'zod';
import {
  buildPrompt,
  createGate,
  defineEgressPolicy,
  defineTool,
  memoryAuditSink,
  outcomeEnvelope,
  purpose,
  renderHtml,
  renderOutcomeMarkdown,
  revealUntrusted,
  toLogLine,
  type Untrusted,
} from 'agent-airlock';
import { NOTE, REQUEST_ID, reviewService } from '../shared/review-service.js';

const reviewStatus = defineTool({
  name: 'review_status',
  version: 'review_status.v2',
  ...outcomeEnvelope({
    tool: 'review_status',
    errorCodes: ['NOT_FOUND'],
    data: z.object({
      change_id: purpose.id(
        z
          .string()
          .regex(/^CR-[0-9]{1,10}$/)
          .max(13),
      ),
      decision: z.enum(['approved', 'rejected', 'pending']),
      note: purpose.text(z.string().max(500)),
      link: purpose.url(z.string().max(200), { hosts: ['reviews.example.com'] }),
    }),
  }),
  project: { change: '/data/change_id', decision: '/data/decision', note: '/data/note', link: '/data/link' },
});

const gate = createGate({ audit: memoryAuditSink() });
const policy = defineEgressPolicy({ hosts: ['reviews.example.com'] });
const outcome = await gate.accept(reviewStatus, reviewService(), { requestId: REQUEST_ID });
if (!outcome.ok) throw new Error(`unexpected ${outcome.error.code}`);

// The inferred type: the note is untrusted, the change id and the decision are plain.
const note: Untrusted<string> = outcome.data.note;
const decision: 'approved' | 'rejected' | 'pending' = outcome.data.decision;
console.log(`change ${outcome.data.change} ${decision}, note from ${note.source}`);
console.log(`html: ${(await renderHtml(outcome, { policy })).html}`);
console.log(`markdown: ${renderOutcomeMarkdown(outcome, { policy }).markdown}`);
const prompt = buildPrompt({ system: ['You summarise code reviews.'], context: [note] });
console.log(`prompt data: ${prompt.messages[1]?.content ?? ''}`);
console.log(`log: ${toLogLine({ event: 'review', note })}`);
// The one explicit way to the string, counted in the `airlock.untrusted.reveals` metric.
console.log(`note unchanged: ${String(revealUntrusted(note) === NOTE)}`);
