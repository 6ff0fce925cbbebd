import { textSuite } from './bench/text.ts';
for (const r of await textSuite.run()) console.log(r.name, r.ratio.toFixed(3), r.detail);
