// The html benchmark's fields: plain ticket fields, and rich ticket bodies half already clean, half needing cleaning.

/** Short plain fields: titles, states, notes. No `<` and no `&`. */
const PLAIN = [
  'Login fails after password reset',
  'Open',
  'Customer reports that the export button does nothing on Safari 17.',
  'Priority: high, assigned to the billing team',
  'Müller GmbH — invoice 2024-118 is missing the VAT line',
  'Duplicate of an earlier ticket; closing as resolved',
  'Waiting for customer',
  'Build 4.12.3 > 4.12.2 fixed the crash on start-up',
  'The nightly job took 45 minutes instead of 5',
];

/**
 * Bodies a tracker renders from its own markdown: only profile elements, links already canonical (https, no
 * query). The html purpose proves these clean without a DOM; DOMPurify still parses each into jsdom.
 */
function cleanBody(kind: number, i: number): string {
  const link = `<a href="https://docs.example.com/kb/${String(i)}">knowledge base article ${String(i)}</a>`;
  const bodies = [
    `<p>Hi team,</p><p>After the upgrade the <strong>export</strong> fails with <code>E_TIMEOUT</code>. See ${link}.</p><ul><li>Browser: Safari 17</li><li>Account: 4411</li><li>Since: Monday</li></ul><p>Thanks,<br>Ana</p>`,
    `<p>Steps:</p><ol><li>Open billing</li><li>Click <em>Export</em></li><li>Wait &gt; 30 s</li></ol><blockquote><p>Can you check the invoice &amp; the credit note?</p></blockquote>`,
    `<p>Stack trace:</p><pre><code>Error: socket hang up\n    at TLSSocket.onClose (node:_http_client:478:23)\n    at TLSSocket.emit (node:events:530:35)</code></pre><p>Workaround in ${link}; the fix ships in <strong>4.13</strong>.</p>`,
  ];
  return bodies[kind]!;
}

/** Bodies that need cleaning: pasted mail with styling, a tracked link opening a new tab, a hostile body. */
function dirtyBody(kind: number, i: number): string {
  const link = `<a href="https://docs.example.com/kb/${String(i)}?ref=ticket" target="_blank">knowledge base article ${String(i)}</a>`;
  const bodies = [
    `<div class="gmail_quote" style="margin:0 0 0 .8ex"><span style="font-family:Arial">Forwarded message</span><blockquote><p>Can you check the invoice &amp; the credit note?</p></blockquote></div><p>Steps:</p><ol><li>Open billing</li><li>Click <em>Export</em></li></ol>`,
    `<p>Stack trace:</p><pre>Error: socket hang up\n    at TLSSocket.onClose (node:_http_client:478:23)</pre><p>Workaround in ${link}; the fix ships in <strong>4.13</strong>.</p>`,
    `<p onclick="track()">Please <a href="javascript:alert(1)">click here</a> to verify.</p><img src="https://tracker.example.net/p.gif?u=${String(i)}"><script>steal()</script><p>Regards</p>`,
  ];
  return bodies[kind]!;
}

/** How many distinct rich bodies there are: half of them clean, half needing cleaning. */
export const RICH_BODIES = 12;

/** Rich body `i`: even ones already clean, odd ones needing cleaning, each one to three times as long. */
export function richField(i: number): string {
  const kind = Math.floor(i / 2) % 3;
  const body = i % 2 === 0 ? cleanBody(kind, i) : dirtyBody(kind, i);
  return body.repeat(1 + (i % 3));
}

/** The rich bodies, once each. */
export function richFields(): string[] {
  return Array.from({ length: RICH_BODIES }, (_, i) => richField(i));
}

/** A mix of 200 fields, 90 % plain text and 10 % rich text, in the order a result's fields would come. */
export function fieldMix(): string[] {
  return Array.from({ length: 200 }, (_, i) =>
    i % 10 === 9 ? richField(Math.floor(i / 10)) : PLAIN[i % PLAIN.length]!,
  );
}
