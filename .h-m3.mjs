import { JSDOM } from 'jsdom';
import createDOMPurify from 'dompurify';
const w = new JSDOM('').window;
const P = createDOMPurify(w);
const P2 = createDOMPurify(w);
const cfg = { ALLOWED_TAGS: ['p','br','em','strong','code','pre','ul','ol','li','a','blockquote'], ALLOWED_ATTR: ['href'] };
const rich = '<p>Hello <strong>world</strong>, see <a href="https://example.com/x?y=1" onclick="evil()">this link</a> and <em>more</em>.</p><ul><li>one</li><li>two <code>x &lt; y</code></li></ul><blockquote>quoted text here with some length to it</blockquote>'.repeat(4);
P.setConfig(cfg);
P2.setConfig({...cfg, IN_PLACE: true});
async function time(name, fn, n) { for (let i=0;i<100;i++) fn(); await new Promise(r=>setImmediate(r)); let s=performance.now(); for (let i=0;i<n;i++) { fn(); if (i%32===31) await new Promise(r=>setImmediate(r)); } const d=(performance.now()-s)/n; console.log(name, (d*1000).toFixed(1),'us'); }
const doc = w.document;
let out;
for (let k=0;k<2;k++) {
await time('A rich setConfig', () => { out = P.sanitize(rich); }, 1000);
await time('A rich cfg per call', () => { out = P.sanitize(rich, cfg); }, 1000);
await time('C in place', () => { const bq = doc.createElement('blockquote'); bq.innerHTML = rich; P2.sanitize(bq); out = bq.innerHTML; }, 1000);
await time('parse only fragment', () => { const bq = doc.createElement('blockquote'); bq.innerHTML = rich; }, 1000);
await time('DOMParser only', () => new w.DOMParser().parseFromString(rich, 'text/html'), 1000);
}
console.log(out.length, P.sanitize(rich).length, P.sanitize(rich)===out);
