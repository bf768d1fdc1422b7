/** A plain-text table of rows whose keys are the columns (first row's keys in order). */
export function formatTable(rows: Record<string, string | number>[]): string {
  if (rows.length === 0) return '(no rows)';
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: string | number | undefined) => (v === undefined ? '' : String(v));
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const isNumeric = columns.map((c) =>
    rows.every((r) => r[c] === undefined || typeof r[c] === 'number' || /^[\d.,]+( ?[a-zA-Z%]+)?$/.test(cell(r[c]))),
  );
  const line = (values: string[]) =>
    values
      .map((v, i) => (isNumeric[i] && i > 0 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [
    line(columns),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map((r) => line(columns.map((c) => cell(r[c])))),
  ].join('\n');
}
