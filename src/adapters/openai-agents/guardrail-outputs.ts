// The OpenAI Agents SDK's own guardrail results, loaded the first time a guardrail decides, never at import.
import type { ToolGuardrailFunctionOutputFactory } from '@openai/agents';

/** The SDK's factory of tool guardrail results (`allow`, `rejectContent`, `throwException`). */
export type GuardrailOutputs = typeof ToolGuardrailFunctionOutputFactory;

let loading: Promise<GuardrailOutputs> | undefined;

/**
 * `ToolGuardrailFunctionOutputFactory` from `@openai/agents`, an optional peer: imported on the first call (the
 * application that runs a guardrail has the SDK loaded already) and kept. Rejects when the package is missing,
 * which fails the run rather than letting the tool's output through.
 */
export function guardrailOutputs(): Promise<GuardrailOutputs> {
  loading ??= import('@openai/agents').then((sdk) => sdk.ToolGuardrailFunctionOutputFactory);
  return loading;
}
