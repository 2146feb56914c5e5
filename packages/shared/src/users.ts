// User entity and form (01-core §3 User, §5 User form, §7 users calls).
import { z } from 'zod';
import { NAME_BOUNDS, PASSWORD_BOUNDS, TICKETS_MANAGER_WIDTH } from './constants.ts';
import { defineEndpoint } from './contract.ts';
import { permissionFlags, profiles, toggleValues, type PermissionFlag } from './permissions.ts';
import type { sessionAnswer, sessionCompany, sessionUser } from './auth.ts';
import { boundedText, emailField, hhmm, idParam, pageNumberQuery, searchParamQuery } from './validation.ts';

const toggle = z.enum(toggleValues);
const permissionShape = Object.fromEntries(permissionFlags.map((flag) => [flag, toggle.optional()])) as Record<
  PermissionFlag,
  z.ZodOptional<typeof toggle>
>;

const userFields = {
  name: boundedText(NAME_BOUNDS.min, NAME_BOUNDS.max),
  email: emailField,
  profile: z.enum(profiles).optional(),
  startWork: hhmm.optional(),
  endWork: hhmm.optional(),
  farewellMessage: z.string().max(1000).optional(),
  // open tickets the queues' automatic assignment gives the user at most (issue 40 point 4); null: no limit
  capacity: z.coerce.number().int().min(0).max(10_000).nullable().optional(),
  whatsappId: idParam.nullable().optional(),
  queueIds: z.array(idParam).max(500).optional(),
  defaultTheme: z.enum(['light', 'dark']).optional(),
  defaultMenu: z.enum(['open', 'closed']).optional(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(),
  ...permissionShape,
};

export const passwordField = boundedText(PASSWORD_BOUNDS.min, PASSWORD_BOUNDS.max);

export const userCreateBody = z.strictObject({ ...userFields, password: passwordField });
export type UserCreateBody = z.infer<typeof userCreateBody>;

// An empty password on update keeps the current one.
export const userUpdateBody = z.strictObject({
  ...userFields,
  password: z.union([z.literal(''), passwordField]).optional(),
});
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

export const usersListQuery = z.strictObject({
  searchParam: searchParamQuery,
  pageNumber: pageNumberQuery,
});
export type UsersListQuery = z.infer<typeof usersListQuery>;

export const ticketsManagerWidthBody = z.strictObject({
  defaultTicketsManagerWidth: z.coerce
    .number()
    .int()
    .max(TICKETS_MANAGER_WIDTH.max)
    // the spec saves with a minimum of 404
    .transform((width) => Math.max(width, TICKETS_MANAGER_WIDTH.min)),
});

export const queueSummary = z.object({ id: z.number().int(), name: z.string(), color: z.string() }).meta({ id: 'QueueSummary' });
export type QueueSummary = z.infer<typeof queueSummary>;

const permissionViews = Object.fromEntries(permissionFlags.map((flag) => [flag, toggle])) as Record<PermissionFlag, typeof toggle>;
export const userView = z
  .object({
    id: z.number().int(),
    companyId: z.number().int(),
    name: z.string(),
    email: z.string(),
    profile: z.enum(profiles),
    super: z.boolean(),
    profileImage: z.string().nullable(),
    startWork: z.string(),
    endWork: z.string(),
    farewellMessage: z.string(),
    capacity: z.number().int().nullable(),
    whatsappId: z.number().int().nullable(),
    whatsapp: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    queues: z.array(queueSummary),
    defaultTheme: z.enum(['light', 'dark']),
    defaultMenu: z.enum(['open', 'closed']),
    defaultTicketsManagerWidth: z.number().int(),
    color: z.string(),
    online: z.boolean(),
    // two-factor sign-in is on (issue 38 point 4)
    twoFactorEnabled: z.boolean(),
    // an invited user who has not chosen a password yet (issue 38 point 3); null once they have
    invitedAt: z.string().nullable(),
    createdAt: z.string(),
    ...permissionViews,
  })
  .meta({ id: 'User' });
export type UserView = z.infer<typeof userView>;

// the session's schemas are in auth.ts, beside the calls that answer them
export type SessionCompany = z.infer<typeof sessionCompany>;
export type SessionUser = z.infer<typeof sessionUser>;
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const usersPage = z.object({ users: z.array(userView), hasMore: z.boolean(), count: z.number().int() }).meta({ id: 'UserPage' });
export type UsersPage = z.infer<typeof usersPage>;

const userIdParams = z.strictObject({ id: idParam });
const userNotFound = { 404: ['ERR_NO_USER_FOUND'] } as const;

// 01-core §7 users calls
export const usersEndpoints = {
  page: defineEndpoint({ method: 'GET', path: '/users', query: usersListQuery, response: usersPage, operationId: 'listUsersPage', summary: "A page of the company's users, searched by name or email" }),
  list: defineEndpoint({ method: 'GET', path: '/users/list', response: z.array(userView), operationId: 'listUsers', summary: "Every user of the company, for pickers" }),
  show: defineEndpoint({ method: 'GET', path: '/users/:id', params: userIdParams, response: userView, operationId: 'showUser', summary: 'One user (oneself, or any for a user manager)', errors: userNotFound }),
  create: defineEndpoint({
    method: 'POST',
    path: '/users',
    body: userCreateBody.meta({ id: 'UserCreateBody' }),
    response: userView,
    status: 201,
    operationId: 'createUser',
    summary: 'Adds a user to the company, within its plan',
    errors: { 403: ['ERR_PLAN_USER_LIMIT'], 404: ['ERR_NO_WAPP_FOUND'], 409: ['ERR_DUPLICATED_EMAIL'] },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/users/:id',
    params: userIdParams,
    body: userUpdateBody.meta({ id: 'UserUpdateBody' }),
    response: userView,
    operationId: 'updateUser',
    summary: 'Changes a user (oneself, or any for a user manager); an empty password keeps it',
    errors: { 404: ['ERR_NO_USER_FOUND', 'ERR_NO_WAPP_FOUND'], 409: ['ERR_DUPLICATED_EMAIL'] },
  }),
  remove: defineEndpoint({ method: 'DELETE', path: '/users/:id', params: userIdParams, response: null, status: 204, operationId: 'deleteUser', summary: 'Removes a user other than oneself', errors: userNotFound }),
  setTicketsManagerWidth: defineEndpoint({
    method: 'PUT',
    path: '/users/toggleChangeWidht/:userId',
    params: z.strictObject({ userId: idParam }),
    body: ticketsManagerWidthBody,
    response: userView,
    operationId: 'updateTicketsManagerWidth',
    summary: "Stores the width of a user's tickets list",
    errors: userNotFound,
  }),
  // the body is multipart: the picture in profileImage, read by the route
  uploadAvatar: defineEndpoint({
    method: 'POST',
    path: '/users/:id/media-upload',
    params: userIdParams,
    response: z.object({ user: userView }),
    operationId: 'uploadUserAvatar',
    summary: "Replaces a user's picture (multipart, the image in profileImage), stored as a square JPEG",
    errors: { 400: ['ERR_INVALID_FILE', 'ERR_INVALID_IMAGE'], ...userNotFound, 413: ['ERR_FILE_TOO_LARGE'] },
  }),
};
