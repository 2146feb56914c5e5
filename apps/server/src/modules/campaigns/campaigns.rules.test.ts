import { describe, expect, it } from 'vitest';
import { campaignSettingsDefaults } from '@atende/shared/campaigns';
import { changeDays, HALF_HOUR_MS, halfHoursOf, readingAt, type ChangeDay } from '../../../test/helpers/clock-change-days.ts';
import { nextSendingTime, renderCampaignText } from './campaigns.rules.ts';

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
// every hour from 00:00 to 22:00, 90 minutes each: windows open in the skipped and repeated hours
// and close at their half-hours
const windowStarts = Array.from({ length: 23 }, (_, index) => index * 60);

const inWindow = (day: ChangeDay, start: number, at: Date) => {
  const { minutes } = readingAt(day, at);
  return minutes >= start && minutes < start + 90;
};
// The first half-hour from `at` on at which the window is open.
const nextOpen = (day: ChangeDay, start: number, at: Date) => {
  for (let next = at.getTime(); next < at.getTime() + 2 * 86_400_000; next += HALF_HOUR_MS) if (inWindow(day, start, new Date(next))) return new Date(next);
  return undefined;
};

describe.each(changeDays)('campaign sending window on a daylight-saving change day: $name ($date, $zone) (02-operations §3 Campaign settings)', (day) => {
  it('sends inside startHour..endHour of the wall clock and otherwise waits for the next opening, at every half-hour of the day', () => {
    for (const start of windowStarts) {
      const settings = { ...campaignSettingsDefaults, startHour: hhmm(start), endHour: hhmm(start + 90), sabado: true, domingo: true };
      for (const at of halfHoursOf(day)) {
        expect({ start, at, next: nextSendingTime(at, settings, day.zone) }).toEqual({ start, at, next: nextOpen(day, start, at) });
      }
    }
  });

  it('fills {{hour}} and {{ms}} with the wall clock at every half-hour of the day', () => {
    const recipient = { name: 'Ana', number: '5511999990000', email: '' };
    for (const at of halfHoursOf(day)) {
      const { minutes } = readingAt(day, at);
      const greeting = minutes < 12 * 60 ? 'Bom dia' : minutes < 18 * 60 ? 'Boa tarde' : 'Boa noite';
      expect({ at, text: renderCampaignText('{{ms}}, {{hour}}', recipient, [], at, day.zone) }).toEqual({ at, text: `${greeting}, ${hhmm(minutes)}` });
    }
  });
});
