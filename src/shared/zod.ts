import { config, z } from 'zod';

// zod compiles its object parsers with `new Function` where it may, and finds out by trying once,
// when the first object schema is built. In the browser the site's CSP (no 'unsafe-eval') refuses
// that try and reports a violation, though zod carries on without. Saying so first skips the try.
// The server has no such policy and keeps the compiled parsers. The schemas shared with the
// browser take z from here, so this runs before any of them is built, in whichever chunk.
if ('document' in globalThis) config({ jitless: true });

export { z };
