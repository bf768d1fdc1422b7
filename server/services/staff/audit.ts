import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '../../../contract/staff.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, staff } from '../../db/schema.ts';

/** A database or a transaction: audit rows are written in the transaction of their change. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who did it: a signed-in staff member, or the command line (no staff id). */
export interface Actor {
  staffId: number | null;
  role: string | null;
  clientAddress: string | null;
}

export interface AuditWrite {
  action: string;
  recordType: string;
  recordId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Appends one row to the audit log (never updated or deleted: a trigger refuses both). */
export async function writeAudit(db: DbOrTx, actor: Actor, entry: AuditWrite, now = new Date()) {
  await db.insert(auditLog).values({
    staffId: actor.staffId,
    role: actor.role,
    action: entry.action,
    recordType: entry.recordType,
    recordId: entry.recordId === null ? null : String(entry.recordId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: now,
    clientAddress: actor.clientAddress,
  });
}

export interface AuditFilter {
  staffId?: number;
  action?: string;
  recordType?: string;
  recordId?: string;
  from?: Date;
  to?: Date;
  /** Entries older than this id (the next page). */
  before?: number;
  limit: number;
}

export async function listAudit(db: Db, f: AuditFilter): Promise<{ items: AuditEntry[]; nextCursor: number | null }> {
  const where: SQL[] = [];
  if (f.staffId !== undefined) where.push(eq(auditLog.staffId, f.staffId));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.recordType) where.push(eq(auditLog.recordType, f.recordType));
  if (f.recordId) where.push(eq(auditLog.recordId, f.recordId));
  if (f.from) where.push(gte(auditLog.at, f.from));
  if (f.to) where.push(lte(auditLog.at, f.to));
  if (f.before) where.push(lt(auditLog.id, f.before));
  const rows = await db
    .select({ a: auditLog, email: staff.email })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(where.length ? and(...where) : sql`true`)
    .orderBy(desc(auditLog.id))
    .limit(f.limit + 1);
  const items = rows.slice(0, f.limit).map(({ a, email }) => ({
    id: a.id,
    staffId: a.staffId,
    staffEmail: email,
    role: a.role,
    action: a.action,
    recordType: a.recordType,
    recordId: a.recordId,
    before: a.before,
    after: a.after,
    at: a.at.toISOString(),
    clientAddress: a.clientAddress,
  }));
  return { items, nextCursor: rows.length > f.limit ? items[items.length - 1]!.id : null };
}
