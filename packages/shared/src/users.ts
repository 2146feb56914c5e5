// User entity and form (01-core §3 User, §5 User form, §7 users calls).
import { z } from 'zod';
import { NAME_BOUNDS, PASSWORD_BOUNDS, TICKETS_MANAGER_WIDTH } from './constants.ts';
import { permissionFlags, profiles, toggleValues, type PermissionFlag, type Profile, type Toggle } from './permissions.ts';
import type { PlanFlags } from './plans.ts';
import type { CompanySettings } from './settings.ts';
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

export type QueueSummary = { id: number; name: string; color: string };

export type UserView = {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  profileImage: string | null;
  startWork: string;
  endWork: string;
  farewellMessage: string;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  queues: QueueSummary[];
  defaultTheme: 'light' | 'dark';
  defaultMenu: 'open' | 'closed';
  defaultTicketsManagerWidth: number;
  color: string;
  online: boolean;
  createdAt: string;
} & Record<PermissionFlag, Toggle>;

export type SessionCompany = {
  id: number;
  name: string;
  dueDate: string;
  plan: PlanFlags & { name: string };
  settings: CompanySettings;
};

// mustChangePassword: the first password was generated at the first start and must be replaced
// before anything else (PUT /auth/password); the server refuses other calls until then.
export type SessionUser = UserView & { company: SessionCompany; mustChangePassword: boolean };

// sessionId names the sign-in (refresh-token family); the auth event carries it.
export type SessionAnswer = { token: string; sessionId: string; user: SessionUser };

export type UsersPage = { users: UserView[]; hasMore: boolean; count: number };
export type AvatarUploadAnswer = { user: UserView };
