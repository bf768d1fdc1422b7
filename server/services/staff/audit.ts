import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  auditChanges,
  type AuditAction,
  type AuditFilterOptions,
  type AuditView,
} from '../../../contract/audit-log.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, bookings, staff } from '../../db/schema.ts';

/** A database or a transaction: audit rows are written in the transaction of their change. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who did it: a signed-in staff member, or the command line (no staff id). */
export interface Actor {
  staffId: number | null;
  role: string | null;
  clientAddress: string | null;
}

export interface AuditWrite {
  /** One of contract/audit-log.ts's actions: a misspelt one fails the type check. */
  action: AuditAction;
  recordType: string;
  recordId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one row to the audit log (never updated or deleted: a trigger refuses both). Staff
 * actions write it through staffAction (./staff-action.ts, docs/decisions/0112), not by this.
 */
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
  /** A staff member by their email (the name the desk shows), any case. */
  staffEmail?: string;
  action?: string;
  recordType?: string;
  recordId?: string;
  from?: Date;
  to?: Date;
  /** Entries older than this id (the next page). */
  before?: number;
  limit: number;
}

/**
 * A page of the audit log, newest first, each entry with its action and what it changed in words
 * (contract/audit-log.ts: money in the booking's currency, joined by the booking's reference).
 */
export async function listAudit(db: Db, f: AuditFilter): Promise<{ items: AuditView[]; nextCursor: number | null }> {
  const where: SQL[] = [];
  if (f.staffId !== undefined) where.push(eq(auditLog.staffId, f.staffId));
  if (f.staffEmail) where.push(sql`lower(${staff.email}) = ${f.staffEmail.trim().toLowerCase()}`);
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.recordType) where.push(eq(auditLog.recordType, f.recordType));
  if (f.recordId) where.push(eq(auditLog.recordId, f.recordId));
  if (f.from) where.push(gte(auditLog.at, f.from));
  if (f.to) where.push(lte(auditLog.at, f.to));
  if (f.before) where.push(lt(auditLog.id, f.before));
  const rows = await db
    .select({ a: auditLog, email: staff.email, currency: bookings.currency })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .leftJoin(bookings, and(eq(auditLog.recordType, 'booking'), eq(bookings.refIdKey, auditLog.recordId)))
    .where(where.length ? and(...where) : sql`true`)
    .orderBy(desc(auditLog.id))
    .limit(f.limit + 1);
  const items = rows.slice(0, f.limit).map(({ a, email, currency }) => ({
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
    summary: auditActionLabel(a.action),
    changes: auditChanges(a, currency === 'AED' || currency === 'INR' ? currency : null),
  }));
  return { items, nextCursor: rows.length > f.limit ? items[items.length - 1]!.id : null };
}

/** The audit filter's choices: every staff member by email, and every action the log holds or the desk names. */
export async function auditFilterOptions(db: Db): Promise<AuditFilterOptions> {
  const members = await db
    .select({ id: staff.id, email: staff.email, role: staff.role })
    .from(staff)
    .orderBy(asc(staff.email));
  const { rows } = await db.execute<{ action: string }>(sql`select distinct action from audit_log`);
  const actions = [...new Set([...Object.keys(AUDIT_ACTION_LABELS), ...rows.map((r) => r.action)])]
    .map((value) => ({ value, label: auditActionLabel(value) }))
    .sort((x, y) => x.label.localeCompare(y.label));
  return { staff: members, actions };
}
