// The AgentDojo suites as an Airlock catalogue: every tool, what it does, input schemas inferred from the calls.
import { definePermissions, type Permissions, type ToolEffect } from '../../../src/calls/permissions.js';
import type { Suite } from '../data.js';

/** The one capability every bench tool requires and every bench session holds: only provenance decides. */
export const CAPABILITY = 'tools';

/**
 * The tools that change something (`write`) or send data away (`network`); every other tool reads. The
 * 723 side-effecting attacker calls of AgentDojo v1 are the calls of these tools.
 */
const EFFECTS: Readonly<Record<string, Readonly<Record<string, ToolEffect>>>> = {
  workspace: {
    send_email: 'network',
    delete_email: 'write',
    create_calendar_event: 'write',
    cancel_calendar_event: 'write',
    reschedule_calendar_event: 'write',
    add_calendar_event_participants: 'write',
    append_to_file: 'write',
    create_file: 'write',
    delete_file: 'write',
    share_file: 'network',
  },
  travel: {
    create_calendar_event: 'write',
    cancel_calendar_event: 'write',
    reserve_hotel: 'network',
    reserve_car_rental: 'network',
    reserve_restaurant: 'network',
    send_email: 'network',
  },
  banking: {
    send_money: 'network',
    schedule_transaction: 'network',
    update_scheduled_transaction: 'network',
    update_password: 'write',
    update_user_info: 'write',
  },
  slack: {
    add_user_to_channel: 'write',
    send_direct_message: 'network',
    send_channel_message: 'network',
    invite_user_to_slack: 'network',
    remove_user_from_slack: 'write',
    get_webpage: 'network',
    post_webpage: 'network',
  },
};

/** What a suite's tool does. */
export function effectOf(suite: string, tool: string): ToolEffect {
  return EFFECTS[suite]?.[tool] ?? 'read';
}

/** A closed JSON Schema admitting every value seen. */
function schemaOf(values: readonly unknown[]): object {
  const variants: object[] = [];
  const kinds = new Set(
    values.map((value) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value)),
  );
  if (kinds.has('string')) variants.push({ type: 'string', maxLength: 1_000_000 });
  if (kinds.has('number')) variants.push({ type: 'number' });
  if (kinds.has('boolean')) variants.push({ type: 'boolean' });
  if (kinds.has('null')) variants.push({ type: 'null' });
  if (kinds.has('array'))
    variants.push({ type: 'array', maxItems: 1000, items: schemaOf(values.filter(Array.isArray).flat()) });
  if (kinds.has('object')) variants.push(objectSchema(values.filter(isRecord)));
  return variants.length === 1 ? (variants[0] as object) : { anyOf: variants };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectSchema(records: readonly Record<string, unknown>[]): object {
  const names = [...new Set(records.flatMap((record) => Object.keys(record)))];
  const properties = Object.fromEntries(
    names.map((name) => [
      name,
      schemaOf(records.filter((record) => name in record).map((record) => record[name])),
    ]),
  );
  return { type: 'object', properties, additionalProperties: false };
}

/** The catalogue of a suite: every tool its ground truths call, its effect, its arguments' schema. */
export function suitePermissions(name: string, suite: Suite): Permissions {
  const calls = [...suite.userTasks, ...suite.injectionTasks].flatMap((task) => task.steps);
  const tools = [...new Set(calls.map((call) => call.tool))];
  return definePermissions({
    capabilities: [CAPABILITY],
    tools: Object.fromEntries(
      tools.map((tool) => [
        tool,
        {
          inputSchema: objectSchema(calls.filter((call) => call.tool === tool).map((call) => call.args)),
          requires: [CAPABILITY],
          effect: effectOf(name, tool),
        },
      ]),
    ),
  });
}
