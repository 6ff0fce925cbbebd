// The user's question each shipped tool answers in the demo conversation; other tools get a plain request.

const QUESTIONS: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, {
    ticket_search: 'Which support tickets are open for our team?',
    ticket_detail: 'What does the ticket I was assigned say?',
    customer_search: 'Find the customers whose name matches the one on the call.',
    deployment_status: 'Is the latest deployment finished?',
    doc_search: 'Which documents mention the outage?',
    kb_article: 'Show me the knowledge-base article about resetting passwords.',
    review_status: 'Has my change been reviewed yet?',
    run_status: 'How did the last pipeline run go?',
  }),
);

/** The question that leads to a call of `tool`: a written one for the shipped tools, a plain request otherwise. */
export function questionFor(tool: string): string {
  return Object.hasOwn(QUESTIONS, tool) ? (QUESTIONS[tool] ?? '') : `Please call ${tool} for me.`;
}
