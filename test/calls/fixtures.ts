// Shared test fixtures for tool calls: seed 004's mail catalogue, a ticket result contract, and recording sinks.
import type { DecisionAuditRecord, DecisionAuditSink } from '../../src/calls/decision-audit.js';
import { definePermissions } from '../../src/calls/permissions.js';
import { defineTool } from '../../src/contract/define-tool.js';

/** Seed 004's vocabulary plus the network capability the e2e posts need. */
export const CAPABILITIES = ['read_inbox', 'send', 'read_tickets', 'network'] as const;

const emailArguments = {
  type: 'object',
  required: ['to', 'subject', 'body'],
  properties: {
    to: { type: 'string', format: 'email', maxLength: 254 },
    subject: { type: 'string', maxLength: 200 },
    body: { type: 'string', maxLength: 10_000 },
  },
  additionalProperties: false,
} as const;

/** The catalogue: seed 004's send_email, a read-only ticket search, an inbox read, and an HTTP post. */
export const permissions = definePermissions({
  capabilities: CAPABILITIES,
  tools: {
    send_email: { inputSchema: emailArguments, requires: ['send'], effect: 'network' },
    read_inbox: {
      inputSchema: {
        type: 'object',
        properties: { folder: { enum: ['inbox', 'archive'] } },
        additionalProperties: false,
      },
      requires: ['read_inbox'],
      effect: 'read',
    },
    search_tickets: {
      inputSchema: {
        type: 'object',
        required: ['query'],
        properties: { query: { type: 'string', maxLength: 200 } },
        additionalProperties: false,
      },
      requires: ['read_tickets'],
      effect: 'read',
    },
    http_post: {
      inputSchema: {
        type: 'object',
        required: ['url', 'body'],
        properties: {
          url: { type: 'string', format: 'uri', maxLength: 2048 },
          body: { type: 'string', maxLength: 10_000 },
        },
        additionalProperties: false,
      },
      requires: ['network'],
      effect: 'network',
    },
  },
});

/** Seed 004's well-shaped call. */
export const SEED_CALL = {
  tool: 'send_email',
  arguments: { to: 'ops@example.com', subject: 'status', body: 'ok' },
} as const;

/** One ticket: a strict id, a prose title and a status (seed 003). */
export const TICKET_SCHEMA = {
  type: 'object',
  required: ['id', 'title', 'status'],
  properties: {
    id: { type: 'string', pattern: '^T-[0-9]{1,8}$', maxLength: 10, 'x-purpose': 'id' },
    title: { type: 'string', maxLength: 500, 'x-purpose': 'text' },
    status: { enum: ['open', 'closed'] },
  },
  additionalProperties: false,
} as const;

/** Seed 003's ticket search result: tickets and a cursor. */
export const ticketSearch = defineTool({
  name: 'search_tickets',
  version: 'ticket.search.v3',
  schema: {
    type: 'object',
    required: ['items', 'nextCursor'],
    properties: {
      items: { type: 'array', maxItems: 50, items: TICKET_SCHEMA },
      nextCursor: { type: ['string', 'null'], maxLength: 64, pattern: '^[A-Za-z0-9]+$', 'x-purpose': 'id' },
    },
    additionalProperties: false,
  },
});

/** A decision audit sink that keeps records in memory. */
export function recordingAudit(): DecisionAuditSink & { readonly records: DecisionAuditRecord[] } {
  const records: DecisionAuditRecord[] = [];
  return {
    records,
    write(record) {
      records.push(record);
    },
  };
}
