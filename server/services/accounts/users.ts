// A traveller's account found by email or phone, and the name it goes by: shared by sign-up, sign-in and profile.
import { eq } from 'drizzle-orm';
import type { IdentifierKind } from '../../../contract/account.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Mailer } from '../mail.ts';
import type { SmsProvider } from '../sms.ts';

export interface AccountContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Null when no SMS provider is configured or PHONE_SIGN_IN=off: codes go to email addresses only. */
  sms: SmsProvider | null;
}

export interface Identifier {
  kind: IdentifierKind;
  value: string;
}

const column = (id: Identifier) => (id.kind === 'email' ? users.email : users.phone);

export async function findUser(db: Db, id: Identifier) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(column(id), id.value))
    .limit(1);
  return user ?? null;
}

export function displayName(u: { name: string; firstName: string | null; lastName: string | null }) {
  const full = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return full || u.name;
}
