import { connectionCreateBody, connectionRuleIssues, connectionUpdateBody, type ConnectionChannel, type ConnectionView } from '@atende/shared/connections';
import { Box, DialogContent, Tab, Tabs } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ServiceHoursField } from '../../components/service-hours-field.tsx';
import { toastError } from '../../lib/error-message.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { queuesApi, queuesQueryKeys } from '../queues/queues-api.ts';
import { setServerFieldErrors } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { ConnectionChatbotTab } from './connection-chatbot-tab.tsx';
import { importsHistory, tabOfField, toConnectionFormValues, toConnectionPayload, type ConnectionFormValues, type ConnectionTab } from './connection-form-values.ts';
import { ConnectionGeneralTab } from './connection-general-tab.tsx';
import { ConnectionImportSection } from './connection-import-section.tsx';
import { ConnectionIntegrationsTab } from './connection-integrations-tab.tsx';
import { ConnectionMessagesTab } from './connection-messages-tab.tsx';
import { ConnectionNpsTab } from './connection-nps-tab.tsx';
import { useSaveConnection } from './use-connections.ts';
import { formErrors } from '../../lib/form-resolver.ts';

// The shared schemas judge the body the form will send, not its raw text fields; the cross-field
// and company rules are added whatever the single fields hold, so one save shows every error.
const resolverFor =
  (schema: typeof connectionCreateBody | typeof connectionUpdateBody, withSchedules: boolean, channel: ConnectionChannel, company: { ratingsOn: boolean }): Resolver<ConnectionFormValues> =>
  async (values, _context, options) => {
    const sending = schema === connectionCreateBody ? 'create' : 'update';
    const payload = { ...toConnectionPayload(values, withSchedules, importsHistory(channel)), ...(sending === 'create' ? { channel } : {}) };
    const checked = await schema.safeParseAsync(payload);
    const ruleIssues = connectionRuleIssues(payload as Parameters<typeof connectionRuleIssues>[0], sending, company).map((issue) => ({ ...issue, code: 'custom' as const, input: undefined }));
    const issues = [...(checked.success ? [] : checked.error.issues), ...ruleIssues];
    return issues.length > 0 ? { values: {}, errors: formErrors(issues, options) } : { values, errors: {} };
  };

type ConnectionFormProps = { connection: ConnectionView | null; channel: ConnectionChannel; onClose: () => void };

// The connection dialog of 02-operations §2: general, integrations, messages, chatbot, nps and (with
// scheduleType connection) schedules tabs.
export const ConnectionForm = ({ connection, channel, onClose }: ConnectionFormProps) => {
  const { t } = useTranslation();
  const settings = useSessionUser().company.settings;
  const withSchedules = settings.scheduleType === 'connection';
  const queues = useQuery({ queryKey: queuesQueryKeys.list, queryFn: queuesApi.list }).data ?? [];
  const [tab, setTab] = useState<ConnectionTab>('general');
  const [token, setToken] = useState(connection?.token ?? '');
  const form = useForm<ConnectionFormValues>({
    defaultValues: toConnectionFormValues(connection, (weekday) => t(`queues.weekdays.${weekday}`)),
    resolver: resolverFor(connection ? connectionUpdateBody : connectionCreateBody, withSchedules, channel, { ratingsOn: settings.userRating === 'enabled' }),
  });
  const tokenChanged = token !== (connection?.token ?? '') && token !== '';

  const showFirstError = (paths: string[]) => {
    if (paths.length > 0) setTab(tabOfField(paths[0]));
  };

  const save = useSaveConnection(connection, channel);
  const saveFailed = (error: unknown) => {
    showFirstError(setServerFieldErrors(form.setError, error));
    toastError(error);
  };
  const submit = form.handleSubmit(
    (values) => {
      const body = { ...toConnectionPayload(values, withSchedules, importsHistory(channel)), ...(tokenChanged ? { token } : {}) };
      save.mutate({ body, name: values.name }, { onSuccess: onClose, onError: saveFailed });
    },
    (invalid: FieldErrors<ConnectionFormValues>) => showFirstError(Object.keys(invalid)),
  );

  const tabs: ConnectionTab[] = ['general', 'integrations', 'messages', 'chatbot', 'nps', ...(withSchedules ? (['schedules'] as const) : [])];
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="connection-form" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Tabs value={tab} onChange={(_, value: ConnectionTab) => setTab(value)} variant="scrollable" sx={{ px: 3 }}>
        {tabs.map((name) => (
          <Tab key={name} value={name} label={t(`connections.tabs.${name}`)} data-testid={`connection-tab-${name}`} />
        ))}
      </Tabs>
      <DialogContent dividers>
        <Box hidden={tab !== 'general'}>
          <ConnectionGeneralTab form={form} queues={queues} token={token} tokenChanged={tokenChanged} onTokenChange={setToken} />
          {importsHistory(channel) && <ConnectionImportSection form={form} queues={queues} />}
        </Box>
        <Box hidden={tab !== 'integrations'}>
          <ConnectionIntegrationsTab form={form} />
        </Box>
        <Box hidden={tab !== 'messages'}>
          <ConnectionMessagesTab form={form} connection={connection} />
        </Box>
        <Box hidden={tab !== 'chatbot'}>
          <ConnectionChatbotTab form={form} queues={queues} />
        </Box>
        <Box hidden={tab !== 'nps'}>
          <ConnectionNpsTab form={form} ratingsOn={settings.userRating === 'enabled'} />
        </Box>
        {withSchedules && (
          <Box hidden={tab !== 'schedules'}>
            <ServiceHoursField control={form.control} name="schedules" testIdPrefix="connection-schedule" />
          </Box>
        )}
      </DialogContent>
      <FormDialogActions onClose={onClose} pending={save.isPending} adding={!connection} submitTestId="connection-save" cancelTestId="connection-cancel" spacious />
    </Box>
  );
};
