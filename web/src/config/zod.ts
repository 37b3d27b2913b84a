// zod compiles a fast parser for objects with `new Function` when the page allows it, and
// probes that by trying. The page's Content-Security-Policy forbids eval, and the browser
// reports the blocked probe as a violation even though zod catches it: so no probe at all.
import { z } from 'zod';

z.config({ jitless: true });
