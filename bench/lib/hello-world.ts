// The yardstick of `npm run bench -- api`: Fastify's hello world, in a process of its own on the
// same machine, measured in the same run as the shop. `node --import tsx bench/lib/hello-world.ts <port>`
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
// The same with a small JSON body, to tell the generator's cost of a POST from the server's.
app.post('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
console.log('listening');
