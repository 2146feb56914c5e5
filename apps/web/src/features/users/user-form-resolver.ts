import { userInviteBody } from '@atende/shared/invitations';
import { userCreateBody, userUpdateBody } from '@atende/shared/users';
import { z } from 'zod';
import type { UserFormMode, UserFormValues } from './user-form-values.ts';
import { rawSchemaResolver } from '../../lib/form-resolver.ts';

// raw: the form keeps its own values and the shared schemas only judge them. The cast is
// needed because the schemas' input types (coerced ids are `unknown`) are looser than the
// form's; the values checked are the same object.
const createResolver = rawSchemaResolver<UserFormValues>(userCreateBody);
const updateResolver = rawSchemaResolver<UserFormValues>(userUpdateBody);
// an invitation's form keeps its password field, hidden and empty
const inviteResolver = rawSchemaResolver<UserFormValues>(userInviteBody.extend({ password: z.literal('') }));

const resolvers = { create: createResolver, edit: updateResolver, invite: inviteResolver };

export const userFormResolver = (mode: UserFormMode) => resolvers[mode];
