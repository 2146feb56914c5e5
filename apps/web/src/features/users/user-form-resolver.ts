import { zodResolver } from '@hookform/resolvers/zod';
import { userCreateBody, userUpdateBody } from '@atende/shared/users';
import type { Resolver } from 'react-hook-form';
import type { UserFormMode, UserFormValues } from './user-form-values.ts';

// raw: the form keeps its own values and the shared schemas only judge them. The cast is
// needed because the schemas' input types (coerced ids are `unknown`) are looser than the
// form's; the values checked are the same object.
const createResolver = zodResolver(userCreateBody, undefined, { raw: true }) as unknown as Resolver<UserFormValues>;
const updateResolver = zodResolver(userUpdateBody, undefined, { raw: true }) as unknown as Resolver<UserFormValues>;

export const userFormResolver = (mode: UserFormMode) => (mode === 'create' ? createResolver : updateResolver);
