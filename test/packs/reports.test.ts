// The reports read back: JUnit XML parsed as XML, SARIF 2.1.0 structure, JSON and text — and none holds payload text.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadPack } from '../../src/packs/load-pack.js';
import { formatJsonReport, JSON_REPORT_FORMAT } from '../../src/packs/report-json.js';
import { formatJunitReport } from '../../src/packs/report-junit.js';
import { formatSarifReport, SARIF_SCHEMA } from '../../src/packs/report-sarif.js';
import { formatTextReport } from '../../src/packs/report-text.js';
import type { RunReport } from '../../src/packs/results.js';
import { runPacks } from '../../src/packs/run.js';
import { tempPacks } from './temp-pack.js';

const CANARY = 'CANARY-report-55';

/** The parts of a SARIF log the test reads. */
interface SarifLog {
  readonly $schema: string;
  readonly version: string;
  readonly runs: readonly {
    readonly tool: {
      readonly driver: { readonly name: string; readonly rules: readonly { readonly id: string }[] };
    };
    readonly results: readonly {
      readonly ruleId: string;
      readonly ruleIndex: number;
      readonly kind: string;
      readonly level: string;
      readonly message: { readonly text: string };
      readonly locations: readonly {
        readonly physicalLocation: {
          readonly artifactLocation: { readonly uri: string };
          readonly region: { readonly startLine: number };
        };
      }[];
    }[];
  }[];
}
const packs = tempPacks();
let report: RunReport;

function ticket(title: string): object {
  return {
    schemaVersion: 'ticket.detail.v1',
    outcome: 'ok',
    data: { ticket: { id: 'T-1', title, status: 'open', url: 'https://tickets.example.com/t/1', body: '' } },
    provenance: { system: 'ticket-service', tenantId: 'tenant-a', observedAt: '2026-07-18T09:30:00Z' },
    truncated: false,
  };
}

beforeAll(async () => {
  const dir = packs.write('mixed', {
    name: 'mixed',
    description: 'One case that passes, one whose expectations are wrong on purpose.',
    contracts: ['ticket-detail.contract.json'],
    defaults: {
      context: { requestId: 'req.J7q94MkP', tenant: 'tenant-a', now: '2026-07-18T09:30:30Z' },
      transport: { contentType: 'application/json' },
    },
    cases: [
      {
        id: 'passes',
        title: 'A plain ticket is accepted <as "expected"> & shown',
        contract: 'ticket_detail',
        input: { json: ticket('Login fails') },
        expect: { accepted: { findings: 'none' } },
      },
      {
        id: 'fails',
        title: 'Expectations that do not hold are each explained by codes\u0001',
        contract: 'ticket_detail',
        input: { json: ticket(`${CANARY} <script>`) },
        expect: {
          rejected: { code: 'schema_mismatch' },
          agentNotContains: [CANARY],
          sinks: { html: { notContains: [CANARY], contains: ['never there'] } },
        },
      },
    ],
  });
  report = await runPacks([await loadPack(dir, packs.root)]);
});
afterAll(() => {
  packs.remove();
});

describe('reports', () => {
  test('the run counts one pass and one failure, and the failure lists each missed expectation', () => {
    expect([report.total, report.passed, report.failed]).toEqual([2, 1, 1]);
    const failed = report.packs[0]?.cases[1];
    expect(failed?.failures.map((failure) => failure.check)).toEqual([
      'outcome',
      'sinks.html.contains[0]',
      'sinks.html.notContains[0]',
      'agentNotContains[0]',
      'agentNotContains[0]',
    ]);
  });

  test('no report format carries the payload text, not even the needles that matched it', () => {
    for (const text of [
      formatTextReport(report),
      formatJsonReport(report),
      formatJunitReport(report),
      formatSarifReport(report),
    ]) {
      expect(text).not.toContain(CANARY);
      expect(text).not.toContain('<script>');
    }
  });

  test('JUnit XML parses as XML with one suite, two test cases and one failure that explains itself', () => {
    const xml = formatJunitReport(report, new Date('2026-07-18T09:30:00Z'));
    const document = new JSDOM(xml, { contentType: 'text/xml' }).window.document;
    const root = document.documentElement;
    expect(root.tagName).toBe('testsuites');
    expect([root.getAttribute('tests'), root.getAttribute('failures')]).toEqual(['2', '1']);
    const suites = document.getElementsByTagName('testsuite');
    expect(suites).toHaveLength(1);
    expect(suites[0]?.getAttribute('name')).toBe('mixed');
    expect(suites[0]?.getAttribute('timestamp')).toBe('2026-07-18T09:30:00');
    const cases = [...document.getElementsByTagName('testcase')];
    expect(cases.map((element) => element.getAttribute('name'))).toEqual([
      'passes: A plain ticket is accepted <as "expected"> & shown',
      'fails: Expectations that do not hold are each explained by codes\\u{1}',
    ]);
    expect(cases.map((element) => element.getAttribute('classname'))).toEqual([
      'airlock.fixtures.mixed',
      'airlock.fixtures.mixed',
    ]);
    const failure = cases[1]?.getElementsByTagName('failure')[0];
    expect(failure?.getAttribute('message')).toBe('outcome: expected rejected; got accepted');
    expect(failure?.textContent).toContain(
      'sinks.html.notContains[0]: expected absent; got present at character',
    );
    expect(cases[0]?.getElementsByTagName('failure')).toHaveLength(0);
    expect(cases[0]?.getElementsByTagName('system-out')[0]?.textContent).toBe('observed: accepted');
  });

  test('SARIF 2.1.0 has the required structure: schema, version, driver, rules and located results', () => {
    const log = JSON.parse(formatSarifReport(report)) as SarifLog;
    expect(log.$schema).toBe(SARIF_SCHEMA);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0]!;
    expect(run.tool.driver.name).toBe('airlock-fixtures');
    expect(run.tool.driver.rules.map((rule) => rule.id)).toEqual(['mixed/passes', 'mixed/fails']);
    expect(run.results).toHaveLength(2);
    for (const [index, result] of run.results.entries()) {
      expect(result.ruleId).toBe(run.tool.driver.rules[index]?.id);
      expect(result.ruleIndex).toBe(index);
      expect(['none', 'error']).toContain(result.level);
      expect(typeof result.message.text).toBe('string');
      const location = result.locations[0]?.physicalLocation;
      expect(location?.artifactLocation.uri).toBe('mixed/pack.json');
      expect(location?.region.startLine).toBeGreaterThan(1);
    }
    expect(run.results.map((result) => [result.kind, result.level])).toEqual([
      ['pass', 'none'],
      ['fail', 'error'],
    ]);
    expect(run.results[1]?.message.text).toMatch(
      /^Failed \(accepted\): outcome: expected rejected; got accepted; /,
    );
  });

  test('the JSON report is one document with a format marker and the totals', () => {
    const parsed = JSON.parse(formatJsonReport(report));
    expect(parsed).toMatchObject({ format: JSON_REPORT_FORMAT, total: 2, passed: 1, failed: 1 });
    expect(parsed.packs[0].cases[1].failures[0]).toEqual({
      check: 'outcome',
      expected: 'rejected',
      actual: 'accepted',
    });
  });

  test('the text report marks each case, explains each failure and ends with the summary table', () => {
    const text = formatTextReport(report);
    expect(text).toMatch(/^mixed {2}\(mixed\/pack\.json\)\n {2}pass {2}passes /);
    expect(text).toContain('  FAIL  fails ');
    expect(text).toContain('        outcome: expected rejected; got accepted\n');
    expect(text).toMatch(/\nmixed +2 +1 +1 +\d+\.\d\d s\n/);
    expect(text.endsWith('1 of 2 cases failed\n')).toBe(true);
  });
});
