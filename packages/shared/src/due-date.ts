// 01-core §4 Session: company 1 never expires; any other company is overdue once its due date
// (YYYY-MM-DD) is before today. Apart from the invoices' schemas, so the web's route guard does not
// bring them into the app's first chunk.
import { NEVER_EXPIRES_DUE_DATE, PLATFORM_COMPANY_ID } from './constants.ts';

export const effectiveDueDate = (companyId: number, dueDate: string) => (companyId === PLATFORM_COMPANY_ID ? NEVER_EXPIRES_DUE_DATE : dueDate);
export const isOverdue = (companyId: number, dueDate: string, today: string) => effectiveDueDate(companyId, dueDate) < today;
