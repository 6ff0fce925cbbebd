// A JSON Schema contract: the review result through the gate, its prose untrusted, shown by every sink.
import {
  buildPrompt,
  createGate,
  defineEgressPolicy,
  defineTool,
  memoryAuditSink,
  outcomeEnvelope,
  renderHtml,
  revealUntrusted,
  SINKS,
  type Untrusted,
} from 'agent-airlock';
import { REQUEST_ID, reviewService } from '../shared/review-service.js';

/** What the agent receives: ids, enums and links are plain; prose arrives untrusted. */
interface ReviewStatus {
  readonly change: string;
  readonly decision: 'approved' | 'rejected' | 'pending';
  readonly note: Untrusted<string>;
  readonly link: string;
}

const reviewStatus = defineTool<ReviewStatus>({
  name: 'review_status',
  version: 'review_status.v1',
  ...outcomeEnvelope({
    tool: 'review_status',
    errorCodes: ['NOT_FOUND'],
    data: {
      type: 'object',
      required: ['change_id', 'decision', 'note', 'link'],
      properties: {
        change_id: { type: 'string', pattern: '^CR-[0-9]{1,10}$', maxLength: 13, 'x-purpose': 'id' },
        decision: { enum: ['approved', 'rejected', 'pending'] },
        note: { type: 'string', maxLength: 500, 'x-purpose': 'text' },
        link: {
          type: 'string',
          maxLength: 200,
          'x-purpose': { kind: 'url', hosts: ['reviews.example.com'] },
        },
      },
      additionalProperties: false,
    },
  }),
  project: { change: '/data/change_id', decision: '/data/decision', note: '/data/note', link: '/data/link' },
});

const gate = createGate({ audit: memoryAuditSink() });
const policy = defineEgressPolicy({ hosts: ['reviews.example.com'] });
const outcome = await gate.accept(reviewStatus, reviewService(), { requestId: REQUEST_ID });
if (!outcome.ok) throw new Error(`unexpected ${outcome.error.code}`);

// Ids and enums are plain values the application may branch on.
console.log(`change ${outcome.data.change} ${outcome.data.decision}`);
// Sinks take the outcome as it is: text stays text, the link is checked by the policy.
console.log(`html: ${(await renderHtml(outcome, { policy })).html}`);
console.log(`markdown: ${(await SINKS.markdown.render(outcome, { policy })).text}`);
// The note goes into the data slot of a prompt; `system: [outcome.data.note]` would not compile.
const prompt = buildPrompt({ system: ['You summarise code reviews.'], context: [outcome.data.note] });
console.log(`prompt data: ${prompt.messages[1]?.content ?? ''}`);
// As JSON (to a browser, to a queue) the outcome is plain: the note is its string.
console.log(`json: ${JSON.stringify(outcome.data)}`);
// Reading the plain string is one named, counted call.
console.log(`note length: ${revealUntrusted(outcome.data.note).length}`);

const rejected = await gate.accept(reviewStatus, reviewService({ admin_override: true }), {
  requestId: REQUEST_ID,
});
console.log(`extra property: ${JSON.stringify(rejected.ok ? rejected.data : rejected.error)}`);
