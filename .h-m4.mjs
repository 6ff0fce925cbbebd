import { JSDOM } from 'jsdom';
import createDOMPurify from 'dompurify';
const w = new JSDOM('').window;
const P = createDOMPurify(w);
const cfg = { ALLOWED_TAGS: ['p','br','em','strong','code','pre','ul','ol','li','a','blockquote'], ALLOWED_ATTR: ['href'] };
P.setConfig(cfg);
async function time(name, fn, n) { for (let i=0;i<100;i++) fn(); await new Promise(r=>setImmediate(r)); let s=performance.now(); for (let i=0;i<n;i++) { fn(); if (i%32===31) await new Promise(r=>setImmediate(r)); } const d=(performance.now()-s)/n; console.log(name, (d*1000).toFixed(1),'us'); }
for (let k=0;k<2;k++) {
await time('tiny "a &amp; b"', () => P.sanitize('a &amp; b <'), 2000);
await time('small "<code>v2</code>"', () => P.sanitize('Fixed in <code>v2</code>.'), 2000);
await time('DOMParser empty', () => new w.DOMParser().parseFromString('', 'text/html'), 2000);
await time('DOMParser small', () => new w.DOMParser().parseFromString('Fixed in <code>v2</code>.', 'text/html'), 2000);
}
