import { DEFAULT_WORK_HOURS } from '@atende/shared/constants';
import { permissionFlags, type PermissionFlag, type Profile, type Toggle } from '@atende/shared/permissions';
import type { UserCreateBody, UserView } from '@atende/shared/users';

// invite: a new user who chooses their own password from a mailed link (issue 38 point 3)
export type UserFormMode = 'create' | 'edit' | 'invite';

export type UserFormValues = {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  startWork: string;
  endWork: string;
  farewellMessage: string;
  // empty: no limit (issue 40 point 4)
  capacity: string;
  whatsappId: number | null;
  queueIds: number[];
  defaultTheme: 'light' | 'dark';
  defaultMenu: 'open' | 'closed';
} & Record<PermissionFlag, Toggle>;

// What the actor may change; hidden fields are not sent (01-core §5 User form).
export type UserFormAccess = { editProfile: boolean; editQueues: boolean; editPermissions: boolean };

const permissionsOf = (user: UserView | null) =>
  Object.fromEntries(permissionFlags.map((flag) => [flag, user?.[flag] ?? 'disabled'])) as Record<PermissionFlag, Toggle>;

export const toFormValues = (user: UserView | null): UserFormValues => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  password: '',
  profile: user?.profile ?? 'user',
  startWork: user?.startWork || DEFAULT_WORK_HOURS.startWork,
  endWork: user?.endWork || DEFAULT_WORK_HOURS.endWork,
  farewellMessage: user?.farewellMessage ?? '',
  capacity: user?.capacity === null || user?.capacity === undefined ? '' : String(user.capacity),
  whatsappId: user?.whatsappId ?? null,
  queueIds: user?.queues.map((queue) => queue.id) ?? [],
  defaultTheme: user?.defaultTheme ?? 'light',
  defaultMenu: user?.defaultMenu ?? 'open',
  ...permissionsOf(user),
});

// One payload shape for both calls; the update body accepts an empty password (kept).
export const toPayload = (values: UserFormValues, access: UserFormAccess): UserCreateBody => {
  const payload: UserCreateBody = {
    name: values.name,
    email: values.email,
    password: values.password,
    farewellMessage: values.farewellMessage,
    defaultTheme: values.defaultTheme,
    defaultMenu: values.defaultMenu,
  };
  if (access.editProfile) {
    payload.profile = values.profile;
    payload.startWork = values.startWork;
    payload.endWork = values.endWork;
    payload.capacity = values.capacity.trim() === '' ? null : Number(values.capacity);
  }
  if (access.editQueues) {
    payload.queueIds = values.queueIds;
    payload.whatsappId = values.whatsappId;
  }
  if (access.editPermissions) {
    for (const flag of permissionFlags) payload[flag] = values[flag];
  }
  return payload;
};
