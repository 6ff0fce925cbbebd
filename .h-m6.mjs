import { JSDOM } from 'jsdom';
import createDOMPurify from 'dompurify';
const w = new JSDOM('').window;
const tags = ['p','br','em','strong','code','pre','ul','ol','li','a','blockquote'];
const cfg = { ALLOWED_TAGS: tags, ALLOWED_ATTR: ['href'] };
const Pnaive = createDOMPurify(w);
const PA = createDOMPurify(w); PA.setConfig({ ALLOWED_TAGS: [...tags, 'body'], ALLOWED_ATTR: ['href'] });
const PD = createDOMPurify(w); PD.setConfig({ ALLOWED_TAGS: [...tags, 'body'], ALLOWED_ATTR: ['href'], IN_PLACE: true });
let D = w.document.implementation.createHTMLDocument(''); let uses = 0;
function viaD(v) { if (++uses > 64) { D = w.document.implementation.createHTMLDocument(''); uses = 0; } const root = D.createElement('body'); root.innerHTML = v; PD.sanitize(root); return root.innerHTML; }
const rich = '<p>Hello <strong>world</strong>, see <a href="https://example.com/x?y=1" onclick="evil()">this link</a> and <em>more</em>.</p><ul><li>one</li><li>two <code>x &lt; y</code></li></ul><blockquote>quoted text here with some length to it</blockquote>'.repeat(4);
const small = 'Fixed in <code>v2</code> &amp; more.';
async function time(name, fn, n) { for (let i=0;i<100;i++) fn(); await new Promise(r=>setImmediate(r)); let s=performance.now(); for (let i=0;i<n;i++) { fn(); if (i%32===31) await new Promise(r=>setImmediate(r)); } const d=(performance.now()-s)/n; console.log(name, (d*1000).toFixed(1),'us'); return d; }
for (let k=0;k<2;k++) {
 for (const [nm, v, n] of [['rich', rich, 400], ['small', small, 3000]]) {
  const a = await time(nm+' naive', () => Pnaive.sanitize(v, cfg), n);
  const b = await time(nm+' A body+setConfig', () => PA.sanitize(v), n);
  const c = await time(nm+' D in place scratch', () => viaD(v), n);
  console.log(nm, 'ratios', (a/b).toFixed(2), (a/c).toFixed(2));
 }
}
console.log(viaD(rich) === PA.sanitize(rich), viaD(small), PA.sanitize(small));
