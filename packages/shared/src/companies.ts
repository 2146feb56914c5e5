// Companies (03-saas §2 Companies screen, §3 Company, §5 Company form), sign-up (§2, §3 Sign-up
// payload, §5) and the all-companies connections overview (02-operations §2 /allConnections).
import { z } from 'zod';
import { NAME_BOUNDS } from './constants.ts';
import { defineEndpoint } from './contract.ts';
import { planFlags, type PlanFlag } from './plans.ts';
import { recurrences } from './recurrence.ts';
import { companyServiceHoursBody, weekdayServiceHoursView, weekServiceHours } from './service-hours.ts';
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
  schedules: weekServiceHours,
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

export const companyView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    planId: z.number().int().nullable(),
    status: z.boolean(),
    document: z.string(),
    dueDate: z.string(),
    recurrence: z.enum(recurrences),
    paymentMethod: z.string(),
    schedules: z.array(weekdayServiceHoursView),
    createdAt: z.string(),
    lastLogin: z.string().nullable(),
    folderSize: z.number(),
    numberFileFolder: z.number().int(),
    updatedAtFolder: z.string().nullable(),
    plan: z.object({ id: z.number().int(), name: z.string(), amount: z.number() }).nullable(),
  })
  .meta({ id: 'Company' });
export type CompanyView = z.infer<typeof companyView>;
export const companiesPage = z.object({ companies: z.array(companyView), hasMore: z.boolean() }).meta({ id: 'CompanyPage' });
export type CompaniesPage = z.infer<typeof companiesPage>;
export const companyOption = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'CompanyOption' });
export type CompanyOption = z.infer<typeof companyOption>;

// GET /companies/listPlan/{companyId}: the limits a company works under (a custom plan bought at
// the checkout overrides users and connections) and its plan's flags; a company without a plan
// answers id null and every flag off
const planFlagViews = Object.fromEntries(planFlags.map((flag) => [flag, z.boolean()])) as Record<PlanFlag, z.ZodBoolean>;
export const companyPlanView = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  users: z.number().int(),
  connections: z.number().int(),
  queues: z.number().int(),
  ...planFlagViews,
});
export const companyPlanAnswer = z.object({ plan: companyPlanView }).meta({ id: 'CompanyPlan' });

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
export const companyConnectionView = z.object({ id: z.number().int(), name: z.string(), channel: z.string(), status: z.string(), updatedAt: z.string() });
export type CompanyConnectionView = z.infer<typeof companyConnectionView>;
export const companyConnectionsRow = z.object({
  id: z.number().int(),
  name: z.string(),
  connected: z.number().int(),
  disconnected: z.number().int(),
  total: z.number().int(),
  whatsapps: z.array(companyConnectionView),
});
export type CompanyConnectionsRow = z.infer<typeof companyConnectionsRow>;
export const allConnectionsAnswer = z
  .object({
    companies: z.array(companyConnectionsRow),
    totals: z.object({ connected: z.number().int(), disconnected: z.number().int(), total: z.number().int() }),
  })
  .meta({ id: 'AllConnections' });
export type AllConnectionsAnswer = z.infer<typeof allConnectionsAnswer>;

const companyParams = z.strictObject({ companyId: idParam });
const notFound = { 404: ['ERR_NOT_FOUND'] } as const;

// 03-saas §7 companies calls, and POST /auth/signup (§2 Sign-up page)
export const companiesEndpoints = {
  plan: defineEndpoint({
    method: 'GET',
    path: '/companies/listPlan/:companyId',
    params: companyParams,
    response: companyPlanAnswer,
    operationId: 'showCompanyPlan',
    summary: "A company's plan: its limits and feature flags",
    errors: notFound,
  }),
  list: defineEndpoint({ method: 'GET', path: '/companies', response: z.array(companyView), operationId: 'listCompanies', summary: 'Every company (super admin)' }),
  options: defineEndpoint({ method: 'GET', path: '/companies/list', response: z.array(companyOption), operationId: 'listCompanyOptions', summary: 'Every company by id and name, for pickers (super admin)' }),
  page: defineEndpoint({ method: 'GET', path: '/companiesPlan', query: companiesPageQuery, response: companiesPage, operationId: 'listCompaniesPage', summary: 'A page of companies with their plans, searched by name or email (super admin)' }),
  create: defineEndpoint({
    method: 'POST',
    path: '/companies',
    body: companyCreateBody.meta({ id: 'CompanyCreateBody' }),
    response: companyView,
    status: 201,
    operationId: 'createCompany',
    summary: 'Adds a company and its first admin (super admin)',
    errors: { 409: ['ERR_DUPLICATED_EMAIL'] },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/companies/:companyId',
    params: companyParams,
    body: companyUpdateBody.meta({ id: 'CompanyUpdateBody' }),
    response: companyView,
    operationId: 'updateCompany',
    summary: 'Changes a company, renewal included (super admin); fields left out are kept',
    errors: notFound,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/companies/:companyId',
    params: companyParams,
    response: null,
    status: 204,
    operationId: 'deleteCompany',
    summary: 'Removes a company with everything it holds (super admin); company 1 stays',
    errors: { 403: ['ERR_COMPANY_PROTECTED'], 404: ['ERR_NOT_FOUND'] },
  }),
  show: defineEndpoint({ method: 'GET', path: '/companies/:companyId', params: companyParams, response: companyView, operationId: 'showCompany', summary: 'One company (its own, or any for the super admin)', errors: notFound }),
  saveServiceHours: defineEndpoint({
    method: 'PUT',
    path: '/companies/:companyId/schedules',
    params: companyParams,
    body: companyServiceHoursBody.meta({ id: 'CompanySchedulesBody' }),
    response: z.object({ id: z.number().int(), schedules: z.array(weekdayServiceHoursView) }).meta({ id: 'CompanySchedules' }),
    operationId: 'updateCompanySchedules',
    summary: "The company's service hours, used when scheduleType is 'company'",
    errors: notFound,
  }),
  signup: defineEndpoint({
    method: 'POST',
    path: '/auth/signup',
    body: signupBody.meta({ id: 'SignupBody' }),
    // awaitingVerification: the admin must open the link mailed to them before signing in (issue
    // 38 point 3); false while the server sends no email
    response: z.object({ companyId: z.number().int(), userId: z.number().int(), dueDate: z.string(), awaitingVerification: z.boolean() }).meta({ id: 'SignupAnswer' }),
    status: 201,
    operationId: 'signUp',
    summary: 'Creates a company on a public plan with a trial, and its admin (while sign-up is enabled)',
    errors: { 403: ['ERR_USER_CREATION_DISABLED'], 409: ['ERR_DUPLICATED_EMAIL'], 429: ['ERR_TOO_MANY_REQUESTS'] },
  }),
};
