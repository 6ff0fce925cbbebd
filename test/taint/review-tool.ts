// The review tool the placement tests share: a zod contract whose note is prose (text) and change an id.
import { z } from 'zod';
import { defineTool } from '../../src/contract/define-tool.js';
import { purpose } from '../../src/contract/zod-purpose.js';

/** Data `{ change: string; note: Untrusted<string> }`, inferred. */
export const reviewTool = defineTool({
  name: 'review_status',
  version: 'review_status.v3',
  schema: z.object({
    change: purpose.id(
      z
        .string()
        .regex(/^CR-\d+$/)
        .max(13),
    ),
    note: purpose.text(z.string().max(500)),
  }),
});
