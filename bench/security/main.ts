// `npm run bench:security`: AgentDojo v1 and agent-egress-bench with no model in the loop, printed as tables.
import { loadLabels } from './agentdojo/labels.js';
import { measureSuite, type SuiteResult } from './agentdojo/measure.js';
import { benignCorpora, measureBenign, sharedCorporaPresent } from './benign.js';
import { loadAgentDojo, loadEgressBench } from './data.js';
import { measureEgress } from './egress/measure.js';
import { agentDojoTable, benignTable, derivationTable, egressTable } from './report.js';

const only = process.argv.slice(2);
const wanted = (part: string): boolean => only.length === 0 || only.includes(part);
const agentdojo = loadAgentDojo();
const egress = loadEgressBench();

if (wanted('agentdojo')) {
  const labels = loadLabels();
  const results: SuiteResult[] = [];
  for (const name of Object.keys(agentdojo.suites)) results.push(await measureSuite(agentdojo, name, labels));
  console.log(
    `\n## AgentDojo v1 (${agentdojo.source.commit.slice(0, 12)}), important_instructions, no model\n`,
  );
  console.log(agentDojoTable(results));
  console.log(
    '\n¹ an argument of the stopped call is traced with the injection and not in the same run without it' +
      '\n² the same call is allowed in the same run without the injection (a call that carries data read from the' +
      "\n  user's own outputs is stopped with or without it)" +
      '\n³ written verbatim into the injection; traced: the decision names the argument and the output holding the attack',
  );
  console.log('\n### Key argument traced, disguise written into the injection (the model undoes it)\n');
  console.log(derivationTable(results, 'injection'));
  console.log('\n### Key argument traced, disguise applied to the argument\n');
  console.log(derivationTable(results, 'argument'));
}

if (wanted('egress')) {
  console.log(
    `\n## agent-egress-bench (${egress.source.commit.slice(0, 12)}), the bench's own rule, injection signal on\n`,
  );
  console.log(egressTable(await measureEgress(egress.cases)));
}

if (wanted('benign')) {
  console.log('\n## Injection signal on benign corpora (`instructions: "report"`)\n');
  console.log(benignTable(benignCorpora(agentdojo, egress).map(measureBenign)));
  if (!sharedCorporaPresent())
    console.log('\n(the shared third-party corpora were not found: set AIRLOCK_CORPORA to include them)');
}
