import { JSDOM } from 'jsdom';
import createDOMPurify from 'dompurify';
const w = new JSDOM('').window;
const P = createDOMPurify(w);
const cfg = { ALLOWED_TAGS: ['p','br','em','strong','code','pre','ul','ol','li','a','blockquote'], ALLOWED_ATTR: ['href'] };
P.setConfig(cfg);
for (let i=0;i<20000;i++) { P.sanitize('Fixed in <code>v2</code>.'); if (i%32===31) await new Promise(r=>setImmediate(r)); }
