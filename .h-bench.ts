import { htmlSuite } from './bench/html.js';
for (const row of await htmlSuite.run()) console.log(JSON.stringify(row));
