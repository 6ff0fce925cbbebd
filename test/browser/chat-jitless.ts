// Imported first by the chat app: zod (which the AI SDK validates stream parts with) never tries `new Function`.
import { config } from 'zod';

// zod decides whether it may compile code when a schema is made, by trying `new Function` once; under
// `require-trusted-types-for 'script'` that try is refused and reported. This must run before the AI SDK's
// schemas are made, so it is a module of its own, imported before anything else.
config({ jitless: true });
