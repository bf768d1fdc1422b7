/*
 * The booking call checks what it is sent with the contract's schemas and answers a refusal as
 * "LeadTraveller.Title: Choose a title: …" (issues joined by "; "). The traveller never sees a
 * path: each issue whose path names a field of the travellers step is shown under that field, and
 * any other keeps only its words.
 */

/** The travellers step's key of a field the server named, or null when the form has no such field. */
export function formFieldOf(path: string): string | null {
  const parts = path.split('.');
  const [head, second, third] = parts;
  if (head === 'LeadTraveller' && parts.length === 2) {
    return ['Title', 'FirstName', 'LastName', 'Email', 'Phone', 'DOB', 'State', 'Address'].includes(second!)
      ? `lead.${second}`
      : null;
  }
  // An address line (LeadTraveller.Address.2) belongs to the address box.
  if (head === 'LeadTraveller' && second === 'Address' && parts.length === 3) return 'lead.Address';
  if (head === 'Travellers' && parts.length === 3 && /^\d+$/.test(second!)) {
    return ['FirstName', 'LastName', 'DOB'].includes(third!) ? `others.${second}.${third}` : null;
  }
  if (parts.length === 1) {
    const top: Record<string, string> = { Pan: 'pan', Gstin: 'gstin', Trn: 'trn', SpecialRequests: 'specialRequests' };
    return top[head!] ?? null;
  }
  return null;
}

const ISSUE = /^([A-Za-z]+(?:\.[A-Za-z0-9]+)*): (.+)$/s;

/** A server's refusal split into the travellers step's field errors and what is left, in words. */
export function serverFieldErrors(message: string): { fields: Record<string, string>; rest: string | null } {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const part of message.split('; ')) {
    const issue = ISSUE.exec(part.trim());
    // Only a dotted path or a known field name counts: "Failed to verify PAN: …" stays as written.
    const field = issue ? formFieldOf(issue[1]!) : null;
    if (issue && field) fields[field] ??= issue[2]!;
    else if (issue && issue[1]!.includes('.')) rest.push(issue[2]!);
    else rest.push(part.trim());
  }
  return { fields, rest: rest.filter(Boolean).join(' ') || null };
}
