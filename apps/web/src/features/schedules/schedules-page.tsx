import type { ScheduleView } from '@atende/shared/scheduled-messages';
import { Box, Paper, Stack } from '@mui/material';
import { endOfMonth, endOfWeek, format, getDay, parse, startOfMonth, startOfWeek } from 'date-fns';
import { enUS, es, ptBR, tr } from 'date-fns/locale';
import { useMemo, useState } from 'react';
import { Calendar, dateFnsLocalizer, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RequirePlanFlag } from '../../lib/session/require-plan-flag.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { ScheduleModal } from './schedule-modal.tsx';
import { useScheduleEvents, useSchedulesInRange } from './use-schedules.ts';

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { pt: ptBR, en: enUS, es, tr } });

type CalendarEvent = { id: number; title: string; start: Date; end: Date; schedule: ScheduleView };
type ModalState = { open: boolean; scheduleId: number | null };

// The month around a date, padded to whole weeks: what the month view shows.
const rangeAround = (date: Date) => ({
  from: startOfWeek(startOfMonth(date)).toISOString(),
  to: endOfWeek(endOfMonth(date)).toISOString(),
});

// A schedule shows at its next send, or when it last went out once none is left.
const shownAt = (schedule: ScheduleView) => new Date(schedule.nextSendAt ?? schedule.sentAt ?? schedule.sendAt);

const Schedules = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const contactParam = Number(params.get('contactId'));
  const contactId = Number.isInteger(contactParam) && contactParam > 0 ? contactParam : undefined;
  const [date, setDate] = useState(() => new Date());
  const [view, setView] = useState<View>('month');
  // 02-operations §2: the add dialog opens by itself when a contactId is in the address
  const [modal, setModal] = useState<ModalState>({ open: contactId !== undefined, scheduleId: null });
  const range = useMemo(() => rangeAround(date), [date]);
  const { data: schedules = [] } = useSchedulesInRange(range);
  useScheduleEvents();
  const events: CalendarEvent[] = schedules.map((schedule) => {
    const start = shownAt(schedule);
    return { id: schedule.id, title: `${schedule.contact.name}: ${schedule.body}`, start, end: start, schedule };
  });

  const close = () => {
    setModal((current) => ({ ...current, open: false }));
    if (contactId !== undefined) setParams({}, { replace: true });
  };

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <PageHeader title={t('schedules.title')} add={{ label: t('schedules.add'), testId: 'schedules-add', onClick: () => setModal({ open: true, scheduleId: null }) }} />
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 500, p: 1 }} data-testid="schedules-calendar">
        <Box sx={{ height: '100%', '& .rbc-event': { fontSize: 12 } }}>
          <Calendar<CalendarEvent>
            localizer={localizer}
            culture={currentLanguage()}
            events={events}
            date={date}
            view={view}
            views={['month', 'week', 'day', 'agenda']}
            onNavigate={setDate}
            onView={setView}
            popup
            onSelectEvent={(event) => setModal({ open: true, scheduleId: event.id })}
            eventPropGetter={(event) => ({
              className: `schedule-event schedule-${event.schedule.status.toLowerCase()}`,
              style: event.schedule.status === 'ERRO' ? { backgroundColor: '#d32f2f' } : event.schedule.status === 'ENVIADA' ? { backgroundColor: '#2e7d32' } : undefined,
            })}
            messages={{
              today: t('schedules.calendar.today'),
              previous: t('schedules.calendar.previous'),
              next: t('schedules.calendar.next'),
              month: t('schedules.calendar.month'),
              week: t('schedules.calendar.week'),
              day: t('schedules.calendar.day'),
              agenda: t('schedules.calendar.agenda'),
              date: t('schedules.calendar.date'),
              time: t('schedules.calendar.time'),
              event: t('schedules.calendar.event'),
              noEventsInRange: t('schedules.calendar.empty'),
              showMore: (count: number) => t('schedules.calendar.more', { count }),
            }}
          />
        </Box>
      </Paper>
      <ScheduleModal open={modal.open} scheduleId={modal.scheduleId} contactId={contactId} onClose={close} />
    </Stack>
  );
};

// 02-operations §2 /schedules: the calendar of scheduled messages (plan flag useSchedules).
export const SchedulesPage = () => {
  const { t } = useTranslation();
  return (
    <RequirePlanFlag flag="useSchedules" message={t('schedules.noPermission')}>
      <Schedules />
    </RequirePlanFlag>
  );
};
