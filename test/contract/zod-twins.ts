// The shipped JSON contracts written again with zod: the same schema rules, declared as zod schemas.
import { z } from 'zod';
import { purpose } from '../../src/contract/zod-purpose.js';

const dateTime = () => purpose.id(z.string().max(35).meta({ format: 'date-time' }));
const ticketUrl = () => purpose.url(z.string().max(2048), { hosts: ['tickets.example.com'] });
const STATUS = ['open', 'in_progress', 'blocked', 'resolved', 'closed'] as const;

/** The result schema (or an envelope's data schema) of every shipped contract, by tool name. */
export const ZOD_TWINS = {
  customer_search: z.object({
    customers: z
      .array(
        z.object({
          id: purpose.id(
            z
              .string()
              .regex(/^cus_[A-Za-z0-9]{8,24}$/)
              .max(28),
          ),
          tenantId: purpose.id(
            z
              .string()
              .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/)
              .max(64),
          ),
          name: purpose.text(z.string().min(1).max(120)),
        }),
      )
      .max(50),
  }),
  deployment_status: z.object({
    environment: z.enum(['staging', 'production']),
    revision: purpose.id(
      z
        .string()
        .regex(/^[0-9a-f]{7,40}$/)
        .max(40),
    ),
    state: z.enum(['healthy', 'degraded', 'failed']),
  }),
  doc_search: z.object({
    results: z
      .array(
        z.object({
          id: purpose.id(
            z
              .string()
              .regex(/^doc-[0-9a-f]{8}$/)
              .max(12),
          ),
          title: purpose.text(z.string().min(1).max(200)),
          url: purpose.url(z.string().max(2048)),
          snippet: purpose.text(z.string().max(1000), { multiline: true }),
        }),
      )
      .max(25),
    sideEffects: z
      .array(
        z.object({
          kind: z.enum(['created', 'updated', 'deleted', 'sent']),
          target: purpose.id(
            z
              .string()
              .regex(/^[a-z]+:[A-Za-z0-9_-]{1,64}$/)
              .max(70),
          ),
        }),
      )
      .max(10),
  }),
  kb_article: z.object({
    id: purpose.id(
      z
        .string()
        .regex(/^kb-[0-9]{1,8}$/)
        .max(11),
    ),
    title: purpose.text(z.string().min(1).max(200)),
    body: purpose.html(z.string().max(8000), {
      hosts: ['docs.example.com'],
      images: { hosts: ['img.docs.example.com'] },
    }),
  }),
  review_status: z.object({
    change_id: purpose.id(
      z
        .string()
        .regex(/^CR-[0-9]{1,10}$/)
        .max(13),
    ),
    decision: z.enum(['approved', 'rejected', 'pending']),
    reviewed_by: purpose.id(
      z
        .string()
        .regex(/^[a-z][a-z0-9._-]{0,127}$/)
        .max(128),
    ),
  }),
  run_status: z.object({
    project_id: purpose.id(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]{2,62}$/)
        .max(63),
    ),
    run_id: purpose.id(
      z
        .string()
        .regex(/^run_[A-Za-z0-9]{12,48}$/)
        .max(52),
    ),
    state: z.enum(['failed', 'running', 'succeeded', 'cancelled']),
    observed_at: dateTime(),
  }),
  ticket_detail: z.object({
    ticket: z.object({
      id: purpose.id(
        z
          .string()
          .regex(/^T-[0-9]{1,10}$/)
          .max(12),
      ),
      title: purpose.text(z.string().min(1).max(200)),
      status: z.enum(STATUS),
      url: ticketUrl(),
      body: purpose.text(z.string().max(4000), { multiline: true }),
    }),
  }),
  ticket_search: z.object({
    items: z
      .array(
        z.object({
          id: purpose.id(
            z
              .string()
              .regex(/^T-[0-9]{1,10}$/)
              .max(12),
          ),
          title: purpose.text(z.string().min(1).max(200)),
          status: z.enum(STATUS),
          priority: z.enum(['p0', 'p1', 'p2', 'p3']),
          assignee: z
            .object({
              id: purpose.id(
                z
                  .string()
                  .regex(/^u-[0-9]{1,10}$/)
                  .max(12),
              ),
              displayName: purpose.text(z.string().min(1).max(100)),
            })
            .nullable(),
          tags: z
            .array(
              z.enum([
                'login',
                'billing',
                'mobile',
                'sso',
                'export',
                'search',
                'infra',
                'ui',
                'i18n',
                'regression',
              ]),
            )
            .max(10),
          createdAt: dateTime(),
          url: ticketUrl(),
          body: purpose.text(z.string().max(4000)),
        }),
      )
      .max(5000),
    nextCursor: purpose
      .id(
        z
          .string()
          .regex(/^cursor-[a-z0-9]{1,32}$/)
          .max(39),
      )
      .nullable(),
  }),
} as const;
