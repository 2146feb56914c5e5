// The pacing of a campaign (02-operations §3 Campaign settings, §9): messages go only inside the
// daily window startHour..endHour of the company's time zone, on Saturdays and Sundays only when
// sabado / domingo allow it; messageInterval seconds between two messages, and every
// longerIntervalAfter messages a longer pause of greaterInterval seconds instead.
import { campaignSettingsDefaults, campaignSettingsValues, type CampaignSettingsValues } from '@atende/shared/campaigns';
import { renderPlaceholders } from '@atende/shared/placeholders';
import { clockMarks, DAY_MS, wallClock } from '../../platform/local-time.ts';

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

// Stored values are text; a value that no longer parses falls back to its default.
export const settingsFromEntries = (entries: { key: string; value: string }[]): CampaignSettingsValues => {
  const stored = Object.fromEntries(
    entries.flatMap(({ key, value }) => {
      try {
        return [[key, JSON.parse(value) as unknown]];
      } catch {
        return [[key, value]];
      }
    }),
  );
  const shape = campaignSettingsValues.shape;
  const settings = { ...campaignSettingsDefaults };
  for (const key of Object.keys(shape) as (keyof CampaignSettingsValues)[]) {
    const parsed = shape[key].safeParse(stored[key]);
    if (parsed.success) Object.assign(settings, { [key]: parsed.data });
  }
  return settings;
};

const isDayAllowed = (weekday: string, settings: Pick<CampaignSettingsValues, 'sabado' | 'domingo'>) =>
  (weekday !== 'saturday' || settings.sabado) && (weekday !== 'sunday' || settings.domingo);

// `at` itself when a message may go then; otherwise the next opening of the window: when the wall
// clock comes to startHour on an allowed day, or a change of clocks puts it inside the window.
export const nextSendingTime = (at: Date, settings: CampaignSettingsValues, timeZone: string): Date => {
  const start = toMinutes(settings.startHour);
  const end = toMinutes(settings.endHour);
  const open = (instant: Date) => {
    const local = wallClock(instant, timeZone);
    return isDayAllowed(local.weekday, settings) && local.minutes >= start && local.minutes < end;
  };
  if (open(at)) return at;
  // a day at a time, most often the window opens within one
  for (let ahead = 0; ahead < 8; ahead++) {
    const from = new Date(at.getTime() + ahead * DAY_MS);
    const opening = clockMarks(from, new Date(from.getTime() + DAY_MS), timeZone, [start]).find(open);
    if (opening) return opening;
  }
  throw new Error('no sending day in the week: sabado and domingo cannot close every day');
};

// Seconds to wait after the sentCount-th message of the campaign.
export const pauseAfter = (sentCount: number, settings: Pick<CampaignSettingsValues, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>) =>
  settings.longerIntervalAfter > 0 && sentCount % settings.longerIntervalAfter === 0 ? settings.greaterInterval : settings.messageInterval;

// A random one among the filled texts (empty ones are left out).
export const pickMessage = (texts: string[], random: () => number) => {
  const filled = texts.filter((text) => text.trim() !== '');
  return filled.length ? filled[Math.floor(random() * filled.length)] : undefined;
};

export type Recipient = { name: string; number: string; email: string };

// The company's custom variables first ({{key}}), then the contact's placeholders.
export const renderCampaignText = (template: string, recipient: Recipient, variables: CampaignSettingsValues['variables'], now: Date, timeZone: string) => {
  const values = new Map(variables.map((variable) => [variable.key, variable.value]));
  const withVariables = template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, key: string) => values.get(key) ?? match);
  return renderPlaceholders(withVariables, { name: recipient.name, number: recipient.number, email: recipient.email, now, timeZone });
};
