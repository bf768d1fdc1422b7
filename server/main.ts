import { serve } from './processes.ts';
import { productionWeb } from './web.ts';

// `npm start` / `npm run serve`.
await serve(productionWeb);
