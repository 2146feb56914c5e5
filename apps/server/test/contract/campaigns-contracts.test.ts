// Issue 36 point 1: the campaign calls answer what their contracts say (02-operations §7 Campaigns).
import { campaignsEndpoints } from '@atende/shared/campaigns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/platform/clock.ts';
import { campaignCompany } from '../campaigns/support.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Monday 2 March 2026, 09:00 in São Paulo
const MONDAY_9 = '2026-03-02T12:00:00Z';
const clock = manualClock(MONDAY_9);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ timeZone: 'America/Sao_Paulo' }, { clock });
});
afterAll(() => t?.close());

describe('campaign contracts (02-operations §7 Campaigns)', () => {
  it('each call answers its response schema', async () => {
    const s = await campaignCompany(t, clock);
    const saved = await s.settings({ messageInterval: 20, longerIntervalAfter: 0, startHour: '00:00', endHour: '23:59', sabado: true, domingo: true });
    expect(campaignsEndpoints.saveSettings.response.parse(saved.body)).toContainEqual({ key: 'messageInterval', value: '20' });
    expect(campaignsEndpoints.settings.response.parse((await s.call('GET', '/campaign-settings')).body)).toContainEqual({ key: 'startHour', value: '00:00' });

    const list = await s.contactList(2);
    const created = await s.create({ name: 'Promoção', message1: 'Oi {{firstName}}', contactListId: list.id });
    expect(created.status).toBe(201);
    const campaign = campaignsEndpoints.create.response.parse(created.body);
    expect(campaign.contactList).toEqual({ id: list.id, name: list.name });
    expect(campaignsEndpoints.page.response.parse((await s.call('GET', '/campaigns?searchParam=promo')).body).records.map((row) => row.id)).toEqual([campaign.id]);

    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), 'folheto.pdf');
    const attached = await t.request('POST', `/campaigns/${campaign.id}/media-upload`, { token: s.token, rawBody: form });
    expect(campaignsEndpoints.uploadMedia.response.parse(attached.body).mediaName).toBe('folheto.pdf');
    expect(campaignsEndpoints.removeMedia.response.parse((await s.call('DELETE', `/campaigns/${campaign.id}/media-upload`)).body).mediaPath).toBeNull();

    const scheduled = await s.call('PUT', `/campaigns/${campaign.id}`, { scheduledAt: MONDAY_9 });
    expect(campaignsEndpoints.update.response.parse(scheduled.body).status).toBe('PROGRAMADA');
    await s.runAt(MONDAY_9);
    const report = campaignsEndpoints.show.response.parse((await s.call('GET', `/campaigns/${campaign.id}`)).body);
    expect(report).toMatchObject({ status: 'EM_ANDAMENTO', counts: { contacts: 2, delivered: 1 } });
    expect(report.shipping).toHaveLength(2);
    expect(campaignsEndpoints.cancel.response.parse((await s.call('POST', `/campaigns/${campaign.id}/cancel`)).body).status).toBe('CANCELADA');
    expect(campaignsEndpoints.restart.response.parse((await s.call('POST', `/campaigns/${campaign.id}/restart`)).body).status).toBe('EM_ANDAMENTO');

    expect((await s.call('DELETE', `/campaigns/${campaign.id}`)).status).toBe(204);
    expect((await s.call('GET', `/campaigns/${campaign.id}`)).body).toEqual({ error: 'ERR_NO_CAMPAIGN_FOUND' });
  });
});
