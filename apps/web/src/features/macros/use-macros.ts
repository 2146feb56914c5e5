import type { MacroBody, MacroView } from '@atende/shared/automation';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { toast } from '../../lib/toast.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { macrosApi, macrosQueryKeys, upsertMacroInCache } from './macros-api.ts';

// Macros are the company's only with the plan's automation (issue 40 "Bad input": behind a plan flag).
export const useMacrosAllowed = () => useSessionUser().company.plan.useAutomation;

// the chat's menus: the list changes rarely, and this user's own changes update it at once
export const useMacrosList = (enabled = true) => useQuery({ queryKey: macrosQueryKeys.list, queryFn: macrosApi.list, enabled, staleTime: 30_000 });

// the screen reads it afresh, with the actions whose target was deleted since flagged
export const useMacros = () => useQuery({ queryKey: macrosQueryKeys.list, queryFn: macrosApi.list });

export const useSaveMacro = (macro: MacroView | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: (values: MacroBody) => (macro ? macrosApi.update(macro.id, values) : macrosApi.create(values)),
    store: upsertMacroInCache,
    savedToast: t('macros.toasts.saved'),
  });
};

// One click runs the macro on the ticket; the toast says what was done and what was skipped (its
// target gone, or nothing to change). The ticket itself changes live through its socket events.
export const useRunMacro = (ticketId: number) => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (macro: MacroView) => macrosApi.run(macro.id, ticketId),
    onSuccess: ({ ran }, macro) => {
      const names = (skipped: boolean) => ran.filter((action) => action.skipped === skipped).map((action) => t(`automationActions.kinds.${action.kind}`, { defaultValue: action.kind }));
      const done = names(false);
      const skipped = names(true);
      const parts = [done.length > 0 ? t('macros.run.done', { name: macro.name, actions: done.join(', ') }) : t('macros.run.nothing', { name: macro.name })];
      if (skipped.length > 0) parts.push(t('macros.run.skipped', { actions: skipped.join(', ') }));
      (skipped.length > 0 ? toast.warning : toast.success)(parts.join(' '));
    },
    onError: (error) => toastError(error),
  });
};
