import type { Actor } from '@atende/shared/permissions';

// Shared macros are made and changed by admins (docs/automation.md "Macros"), as the server checks;
// a personal one only ever reaches its author.
export const canShareMacros = (user: Pick<Actor, 'profile' | 'super'>) => user.profile === 'admin' || user.super;

export const canEditMacro = (user: Pick<Actor, 'profile' | 'super'>, macro: { shared: boolean }) => !macro.shared || canShareMacros(user);
