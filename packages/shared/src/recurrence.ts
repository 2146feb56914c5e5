// A company's billing recurrence (03-saas §3 Company, §4, §9): renewal and a paid invoice move the
// due date forward by this many months.
export const recurrences = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof recurrences)[number];

export const recurrenceMonths: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

// YYYY-MM-DD plus the recurrence's months; a day the target month lacks (31 Jan + 1 month) becomes
// that month's last day rather than spilling into the next.
export const addRecurrence = (dueDate: string, recurrence: Recurrence): string => {
  const [year, month, day] = dueDate.split('-').map(Number) as [number, number, number];
  const targetMonth = month - 1 + recurrenceMonths[recurrence];
  const lastDay = new Date(Date.UTC(year, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, targetMonth, Math.min(day, lastDay))).toISOString().slice(0, 10);
};
