import type { Plugin } from 'vite';

/*
 * In the browser a call of contract/*-calls.ts is only its method and path: the api client and
 * useCall read nothing else (the server validates params and shapes answers). Its zod schemas
 * would still pull all of zod into every page, so the client build gets each calls module as
 * `{ method, path }` literals. The server build and the type check see the real modules.
 */

interface Node {
  type: string;
  [k: string]: unknown;
}

const CALLS_MODULE = /\/contract\/[a-z0-9-]+-calls\.ts$/;

function literalProp(obj: Node, name: string): string | null {
  for (const p of (obj.properties as Node[]) ?? []) {
    const key = p.key as Node | undefined;
    const value = p.value as Node | undefined;
    if (
      p.type === 'Property' &&
      key?.type === 'Identifier' &&
      key.name === name &&
      value?.type === 'Literal' &&
      typeof value.value === 'string'
    )
      return value.value;
  }
  return null;
}

/**
 * `export const x = defineCall({ method: 'GET', path: 'p', ... })` → [x, GET, p]; null if the module has anything else.
 */
export function callsOf(program: Node): [string, string, string][] | null {
  const calls: [string, string, string][] = [];
  for (const stmt of program.body as Node[]) {
    if (stmt.type === 'ImportDeclaration') continue;
    if (stmt.type !== 'ExportNamedDeclaration') return null;
    const decl = stmt.declaration as Node | null;
    if (!decl || decl.type !== 'VariableDeclaration') return null;
    for (const d of decl.declarations as Node[]) {
      const id = d.id as Node;
      const init = d.init as Node | null;
      const callee = init?.callee as Node | undefined;
      const arg = (init?.arguments as Node[] | undefined)?.[0];
      if (
        init?.type !== 'CallExpression' ||
        callee?.type !== 'Identifier' ||
        callee.name !== 'defineCall' ||
        arg?.type !== 'ObjectExpression'
      )
        return null;
      const method = literalProp(arg, 'method');
      const path = literalProp(arg, 'path');
      if (!method || !path || id.type !== 'Identifier') return null;
      calls.push([id.name as string, method, path]);
    }
  }
  return calls;
}

export function clientCallsPlugin(): Plugin {
  return {
    name: 'client-calls',
    enforce: 'post',
    applyToEnvironment: (env) => env.config.consumer === 'client',
    transform(code, id) {
      if (!CALLS_MODULE.test(id.split('?')[0]!)) return null;
      const calls = callsOf(this.parse(code) as unknown as Node);
      if (!calls) {
        this.warn(`${id}: not only defineCall exports; shipped with its schemas`);
        return null;
      }
      return {
        code: calls
          .map(
            ([name, method, path]) =>
              `export const ${name} = { method: ${JSON.stringify(method)}, path: ${JSON.stringify(path)} };`,
          )
          .join('\n'),
        map: null,
      };
    },
  };
}
