// Companies (03-saas §2 Companies screen, §3 Company, §5 Company form), sign-up (§2, §3 Sign-up
// payload, §5) and the all-companies connections overview (02-operations §2 /allConnections).
import { z } from 'zod';
import { NAME_BOUNDS } from './constants.ts';
import { recurrences, type Recurrence } from './recurrence.ts';
import { weekSchedules, type WeekdaySchedule } from './schedules.ts';
import { passwordField } from './users.ts';
import { boundedText, emailField, idParam, isoDatePrefix, pageNumberQuery, searchParamQuery, validationMessages } from './validation.ts';

export const COMPANIES_PAGE_SIZE = 20;
// 03-saas §2 Companies screen: a row turns yellow this many days before its due date
export const DUE_SOON_DAYS = 5;

const dueDate = isoDatePrefix.refine((text) => text.length === 10, 'validation.invalidDate');
const shortText = z.string().trim().max(100, validationMessages.tooLong);

// An update that leaves a field out keeps the stored value; the admin's password is asked only
// when the company is created (it is that admin's first password).
const companyFields = {
  name: boundedText(NAME_BOUNDS.min, NAME_BOUNDS.max),
  email: emailField,
  phone: shortText,
  planId: idParam,
  status: z.boolean(),
  document: shortText,
  dueDate,
  recurrence: z.enum(recurrences),
  paymentMethod: shortText,
  schedules: weekSchedules,
};
export const companyCreateBody = z.strictObject({
  ...companyFields,
  password: passwordField,
  // the first admin's own name (issue 35 point 9; not in the spec's form): a caller that leaves it
  // out gets an admin named after the company, as before
  adminName: boundedText(NAME_BOUNDS.min, NAME_BOUNDS.max).optional(),
  phone: companyFields.phone.default(''),
  status: companyFields.status.default(true),
  document: companyFields.document.default(''),
  dueDate: companyFields.dueDate.optional(),
  recurrence: companyFields.recurrence.default('MENSAL'),
  paymentMethod: companyFields.paymentMethod.default(''),
  schedules: companyFields.schedules.optional(),
});
export type CompanyCreateBody = z.infer<typeof companyCreateBody>;
export const companyUpdateBody = z.strictObject(companyFields).partial();
export type CompanyUpdateBody = z.infer<typeof companyUpdateBody>;

// GET /companiesPlan/?searchParam=&pageNumber=
export const companiesPageQuery = z.strictObject({ searchParam: searchParamQuery, pageNumber: pageNumberQuery });
export type CompaniesPageQuery = z.infer<typeof companiesPageQuery>;

export type CompanyView = {
  id: number;
  name: string;
  email: string;
  phone: string;
  planId: number | null;
  status: boolean;
  document: string;
  dueDate: string;
  recurrence: Recurrence;
  paymentMethod: string;
  schedules: WeekdaySchedule[];
  createdAt: string;
  lastLogin: string | null;
  folderSize: number;
  numberFileFolder: number;
  updatedAtFolder: string | null;
  plan: { id: number; name: string; amount: number } | null;
};
export type CompaniesPage = { companies: CompanyView[]; hasMore: boolean };
export type CompanyOption = { id: number; name: string };

// 03-saas §2 Sign-up page, §3 Sign-up payload, §5 Sign-up rules. companyId comes from the page's
// query string and is not used to pick a tenant: sign-up always creates a new company.
export const signupBody = z.strictObject({
  name: boundedText(NAME_BOUNDS.min, NAME_BOUNDS.max),
  companyName: boundedText(NAME_BOUNDS.min, NAME_BOUNDS.max),
  email: emailField,
  password: passwordField,
  phone: z.string({ error: validationMessages.required }).trim().min(1, validationMessages.required).max(30, validationMessages.tooLong),
  planId: idParam,
  companyId: idParam.optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

// GET /whatsapp/all/?session=0 (02-operations §2 /allConnections, §7)
export const allConnectionsQuery = z.strictObject({ session: z.coerce.number().int().min(0).max(1).default(0) });
export type CompanyConnectionView = { id: number; name: string; channel: string; status: string; updatedAt: string };
export type CompanyConnectionsRow = {
  id: number;
  name: string;
  connected: number;
  disconnected: number;
  total: number;
  whatsapps: CompanyConnectionView[];
};
export type AllConnectionsAnswer = {
  companies: CompanyConnectionsRow[];
  totals: { connected: number; disconnected: number; total: number };
};
