import { start } from './start.ts';
import { productionWeb } from './web.ts';

await start(productionWeb);
