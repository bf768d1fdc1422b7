import { Writable } from 'node:stream';
import type { NodeWritable } from '../../contract/ssr.ts';

/**
 * The server-rendered page's destination as the Node stream React pipes into: contract/ssr.ts names it structurally
 * (the service worker's build has no Node types), and the server always passes a real one (a PassThrough or a
 * Writable). Server-render code only.
 */
export function nodeStream(destination: NodeWritable): Writable {
  if (!(destination instanceof Writable)) throw new TypeError('A page renders into a Node Writable stream.');
  return destination;
}
