import { start } from './start.ts';
import { developmentWeb } from './web.ts';

await start(developmentWeb, { NODE_ENV: 'development' });
