import { zodResolver } from '@hookform/resolvers/zod';
import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import type { ContactView } from '@atende/shared/contacts';
import { ticketCreateBody } from '@atende/shared/tickets';
import { idParam } from '@atende/shared/validation';
import { Autocomplete, Dialog, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { OptionalRecordSelect } from '../../../components/optional-record-select.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../../lib/session/session-context.ts';
import { ContactModal } from '../../contact-records/contact-modal.tsx';
import { useContactSearch } from '../../contact-records/use-contact-search.ts';
import { useMyQueues, useQueueOptions } from '../../queues/use-queues.ts';
import { CONTACT_SEARCH_MIN_CHARS, newContactName } from './new-contact-option.ts';
import { useCreateTicket } from './use-create-ticket.ts';
import { useReachableConnections } from './use-reachable-connections.ts';
import { ticketsUi } from '../tickets-ui-store.ts';
import { useTicketFlow } from '../use-ticket-flow.ts';

type ContactOption = { id: number; name: string; number: string };
type NewContactOption = { newContact: string };
type Option = ContactOption | NewContactOption;

// The shared create schema judges the form; a company with queues must choose one (01-core §2).
const newTicketForm = ticketCreateBody.pick({ contactId: true, queueId: true, whatsappId: true });
type NewTicketInput = z.input<typeof newTicketForm>;
type NewTicketValues = z.output<typeof newTicketForm>;
// with a queue required the form takes and gives the same shapes, its queue narrowed to a chosen one
const newTicketWithQueue: z.ZodType<NewTicketValues, NewTicketInput> = newTicketForm.extend({ queueId: idParam });
type NewTicketContext = { queueRequired: boolean };
const withQueue = zodResolver(newTicketWithQueue);
const withoutQueue = zodResolver(newTicketForm);
// the queues arrive after the form is made, so the choice is read from the form's context at each check
const newTicketResolver: Resolver<NewTicketInput, NewTicketContext, NewTicketValues> = (values, context, options) =>
  (context?.queueRequired ? withQueue : withoutQueue)(values, context, options);

const isNewContact = (option: Option): option is NewContactOption => 'newContact' in option;
const labelOf = (option: Option) => (isNewContact(option) ? option.newContact : option.number ? `${option.name} - ${option.number}` : option.name);

// 01-core §2 new ticket: contact search from 3 characters (500 ms), a required queue, a connection.
export const NewTicketModal = ({ contact, onClose }: { contact: ContactOption | { id: number; name: string } | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  const flow = useTicketFlow();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<ContactOption | null>(contact ? { number: '', ...contact } : null);
  const { data: mine = [] } = useMyQueues();
  const { data: all = [] } = useQueueOptions();
  const queues = mine.length > 0 ? mine : all;
  const { reachable, noneFits } = useReachableConnections(picked?.id ?? null);
  const { control, handleSubmit, setValue, formState } = useForm<NewTicketInput, NewTicketContext, NewTicketValues>({
    resolver: newTicketResolver,
    context: { queueRequired: queues.length > 0 },
    defaultValues: { contactId: contact?.id, queueId: queues.length === 1 ? queues[0].id : null, whatsappId: me.whatsappId ?? null },
  });
  const [draftName, setDraftName] = useState<string | null>(null);
  const { data: found, isFetching } = useContactSearch(search, CONTACT_SEARCH_MIN_CHARS);
  const options: ContactOption[] = search.length >= CONTACT_SEARCH_MIN_CHARS ? (found?.contacts ?? []) : [];
  // offered once the results for what is typed are in, so a contact still loading is not duplicated
  const typingAnew = !picked || input !== labelOf(picked);
  const offer = typingAnew && !isFetching && search === input.trim() ? newContactName(search, options) : null;
  const listed: Option[] = picked && !options.some((option) => option.id === picked.id) ? [picked, ...options] : options;
  const pick = (option: ContactOption | null) => {
    setPicked(option);
    setValue('contactId', option?.id, { shouldValidate: formState.isSubmitted });
  };
  const contactCreated = (contact: ContactView) => {
    pick({ id: contact.id, name: contact.name, number: contact.number });
    setDraftName(null);
  };

  const create = useCreateTicket();
  // a connection kept from before the contact was chosen is offered no more, and shown as the default
  const submit = handleSubmit(({ whatsappId, ...values }) =>
    create.mutate({ ...values, whatsappId: reachable.some((connection) => connection.id === whatsappId) ? whatsappId : null }, {
      onSuccess: (ticket) => {
        ticketsUi.setTab(ticket.status === 'group' ? 'group' : 'open');
        onClose();
        navigate(`/tickets/${ticket.uuid}`);
      },
      onError: (error) => {
        onClose();
        flow.handleError(error);
      },
    }),
  );
  const contactMissing = Boolean(formState.errors.contactId);
  const queueMissing = Boolean(formState.errors.queueId);

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="new-ticket-dialog">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('tickets.newTicket.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Autocomplete<Option>
              options={offer ? [...listed, { newContact: offer }] : listed}
              value={picked}
              loading={isFetching}
              filterOptions={(list) => list}
              getOptionLabel={labelOf}
              isOptionEqualToValue={(a, b) => !isNewContact(a) && !isNewContact(b) && a.id === b.id}
              inputValue={input}
              onInputChange={(_, value) => setInput(value)}
              onChange={(_, value) => {
                if (value && isNewContact(value)) setDraftName(value.newContact);
                else pick(value);
              }}
              noOptionsText={input.trim().length < CONTACT_SEARCH_MIN_CHARS ? t('tickets.newTicket.typeToSearch') : t('tickets.newTicket.noContacts')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('tickets.newTicket.contact')}
                  error={contactMissing}
                  helperText={contactMissing ? t('validation.required') : ' '}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'new-ticket-contact' } }}
                />
              )}
              renderOption={({ key, ...props }, option) =>
                isNewContact(option) ? (
                  <li key={key} {...props} data-testid="new-ticket-add-contact">
                    {t('tickets.newTicket.addContact', { name: option.newContact })}
                  </li>
                ) : (
                  <li key={key} {...props} data-testid={`new-ticket-contact-option-${option.id}`}>
                    {option.name} {option.number && `- ${option.number}`}
                  </li>
                )
              }
            />
            <Controller
              control={control}
              name="queueId"
              render={({ field }) => (
                <TextField
                  select
                  label={t('tickets.newTicket.queue')}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                  error={queueMissing}
                  helperText={queueMissing ? t('tickets.newTicket.queueRequired') : ' '}
                  data-testid="new-ticket-queue"
                >
                  {queues.map((queue) => (
                    <MenuItem key={queue.id} value={queue.id} data-testid={`new-ticket-queue-option-${queue.id}`}>
                      {queue.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <OptionalRecordSelect
              control={control}
              name="whatsappId"
              label={t('tickets.newTicket.connection')}
              noneLabel={t('tickets.newTicket.defaultConnection')}
              records={reachable}
              testId="new-ticket-connection"
              size="medium"
            />
            {noneFits && (
              <Typography variant="caption" color="warning.main" data-testid="new-ticket-no-connection">
                {t('tickets.newTicket.noConnectionFits')}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={create.isPending} submitTestId="new-ticket-submit" />
      </form>
      {draftName !== null && <ContactModal open contactId={null} draft={{ name: draftName }} onClose={() => setDraftName(null)} onSaved={contactCreated} />}
    </Dialog>
  );
};
