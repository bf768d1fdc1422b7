import { PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Reads and writes (drizzle's queries); DDL and the rest run as PGlite runs them. */
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Distinct query texts kept prepared (the app has far fewer); the least recently used is closed beyond this. */
const MAX_STATEMENTS = 200;

interface Statement {
  name: string;
  paramTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * PGlite that keeps each distinct query text prepared (a named statement, as node-postgres does
 * for named queries). PGlite's own query() parses, analyses and plans the text on every call and
 * talks to Postgres in six separate messages; in WebAssembly that costs more than running a small
 * query (about 2 ms for a three-table join). Here a repeated query is one bind-execute round trip
 * with the plan Postgres caches for a prepared statement. Results, errors, parameter and result
 * types, transactions and file syncing are as with query().
 */
export class PreparingPGlite extends PGlite {
  #statements = new Map<string, Statement>();
  #named = 0;

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!cacheable(text, options)) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() => this.#run<T>(text, params, options, false));
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query = async <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
        if (!cacheable(text, options)) return tx.query<R>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return this.#run<R>(text, params, options, true);
      };
      // The transaction object, with our query (its other members, `closed` included, unchanged).
      return callback(Object.create(tx, { query: { value: query } }) as Transaction);
    });
  }

  async #run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    return this._runExclusiveQuery(async () => {
      let messages;
      try {
        try {
          messages = await this.#execute(text, params, options);
        } catch (err) {
          // A statement Postgres no longer has, or whose result columns changed under it (a table
          // altered): prepare the text afresh, and run it again unless a transaction has failed.
          const code = (err as { code?: string }).code;
          if (code !== '26000' && code !== '0A000') throw err;
          this.#statements.delete(text);
          if (inTransaction) throw err;
          messages = await this.#execute(text, params, options);
        }
      } catch (err) {
        throw Object.assign(err as object, { query: text, params, queryOptions: options });
      }
      if (!inTransaction) await this.syncToFs();
      // The query's own parsers over PGlite's, looked up through the prototype: PGlite copies all
      // of its ~300 parsers into a new object for every query.
      const parsers = options?.parsers
        ? Object.assign(Object.create(this.parsers) as PGlite['parsers'], options.parsers)
        : this.parsers;
      return parse.parseResults(messages, parsers, { rowMode: options?.rowMode })[0] as Results<T>;
    });
  }

  /** Binds and runs the text's prepared statement (preparing it the first time), in one round trip. */
  async #execute(text: string, params: unknown[], options: QueryOptions | undefined) {
    const statement = this.#used(text) ?? (await this.#prepare(text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? this.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    return this.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
  }

  /** The prepared statement of this text, now the most recently used. */
  #used(text: string): Statement | undefined {
    const statement = this.#statements.get(text);
    if (statement) {
      this.#statements.delete(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  async #prepare(text: string): Promise<Statement> {
    const parts: Uint8Array[] = [];
    if (this.#statements.size >= MAX_STATEMENTS) {
      const [oldestText, oldest] = this.#statements.entries().next().value!;
      this.#statements.delete(oldestText);
      parts.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    const name = `pglite_${++this.#named}`;
    parts.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
    const messages = await this.execProtocolStream(concat(parts), { syncToFs: false });
    // Parameter types, so values are serialised as query() does.
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(text, statement);
    return statement;
  }
}

function cacheable(text: string, options: QueryOptions | undefined): boolean {
  return !options?.blob && !options?.paramTypes && CACHEABLE.test(text);
}
