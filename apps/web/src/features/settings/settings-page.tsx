import { can, planAllows } from '@atende/shared/permissions';
import { companyTextSettingMaxLength, type CompanySettingKey } from '@atende/shared/settings';
import { Grid, MenuItem, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaceholderHelp, type TextInput } from '../../components/placeholder-help.tsx';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { WhitelabelTab } from '../branding/whitelabel-tab.tsx';
import { CompaniesPage } from '../companies/companies-page.tsx';
import { HelpsTab } from '../helps/helps-tab.tsx';
import { PlansTab } from '../plans/plans-tab.tsx';
import { CompanySchedulesTab } from './company-schedules-tab.tsx';
import { PlatformSettingsPanel } from './platform-settings-form.tsx';
import { settingKind, settingPlaceholders, settingsSections, settingsWithHelp } from './settings-sections.ts';
import { useCompanySettings } from './use-company-settings.ts';
import { useSaveSetting } from './use-save-setting.ts';

const CopilotSettingsTab = lazy(() => import('../copilot/copilot-settings-tab.tsx').then((module) => ({ default: module.CopilotSettingsTab })));

type FieldProps = { settingKey: CompanySettingKey; value: string; onSave: (value: string) => void };

const SelectSetting = ({ settingKey, value, onSave, choices }: FieldProps & { choices: readonly string[] }) => {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={t(`settings.keys.${settingKey}`)}
      helperText={settingsWithHelp.has(settingKey) ? t(`settings.help.${settingKey}`) : undefined}
      value={choices.includes(value) ? value : ''}
      onChange={(event) => {
        if (event.target.value !== value) onSave(event.target.value);
      }}
      data-testid={`setting-${settingKey}`}
      data-value={value}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice} data-testid={`setting-${settingKey}-${choice}`}>
          {t(`settings.values.${choice}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};

const TextSetting = ({ settingKey, value, onSave }: FieldProps) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const input = useRef<TextInput | null>(null);
  const placeholders = settingPlaceholders[settingKey];
  return (
    <>
      <TextField
        fullWidth
        size="small"
        multiline
        maxRows={6}
        label={t(`settings.keys.${settingKey}`)}
        helperText={settingsWithHelp.has(settingKey) ? t(`settings.help.${settingKey}`) : undefined}
        value={draft}
        inputRef={input}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          if (draft !== value) onSave(draft);
        }}
        data-testid={`setting-${settingKey}`}
        slotProps={{ htmlInput: { 'data-testid': `setting-${settingKey}-input`, maxLength: companyTextSettingMaxLength[settingKey] } }}
      />
      {placeholders && <PlaceholderHelp set={placeholders} value={draft} onChange={setDraft} input={input} testId={`setting-${settingKey}-placeholders`} />}
    </>
  );
};

const OptionsTab = () => {
  const { t } = useTranslation();
  const { data: settings } = useCompanySettings();
  const save = useSaveSetting();
  return (
    <Stack spacing={2}>
      {settingsSections.map((section) => (
        <Paper key={section.key} variant="outlined" sx={{ p: 2 }} data-testid={`settings-section-${section.key}`}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
            {t(`settings.sections.${section.key}`)}
          </Typography>
          <Grid container spacing={2}>
            {section.settings.map((key) => {
              const kind = settingKind(key);
              const value = settings[key] ?? '';
              const onSave = (next: string) => save.mutate({ key, value: next });
              return (
                <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
                  {kind.type === 'select' ? (
                    <SelectSetting settingKey={key} value={value} onSave={onSave} choices={kind.choices} />
                  ) : (
                    // remounts with the stored value when it changes elsewhere (live event, another save)
                    <TextSetting key={value} settingKey={key} value={value} onSave={onSave} />
                  )}
                </Grid>
              );
            })}
          </Grid>
        </Paper>
      ))}
    </Stack>
  );
};

export const SettingsPage = () => {
  const { t } = useTranslation();
  const [tab, setTab] = useState('options');
  const { data: settings } = useCompanySettings();
  const withSchedules = settings.scheduleType === 'company';
  const user = useSessionUser();
  const superTabs = can(user, 'plans:manage');
  const withHelps = can(user, 'helps:manage');
  const withWhitelabel = can(user, 'global-settings:manage');
  const withCopilot = planAllows(user.company.plan, 'useOpenAi');
  return (
    <Stack spacing={2} data-testid="settings-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('settings.title')}
      </Typography>
      <Tabs value={tab} onChange={(_, next: string) => setTab(next)}>
        <Tab value="options" label={t('settings.tabs.options')} data-testid="settings-tab-options" />
        {withCopilot && <Tab value="copilot" label={t('settings.tabs.copilot')} data-testid="settings-tab-copilot" />}
        {withSchedules && <Tab value="schedules" label={t('settings.tabs.schedules')} data-testid="settings-tab-schedules" />}
        {superTabs && <Tab value="companies" label={t('settings.tabs.companies')} data-testid="settings-tab-companies" />}
        {superTabs && <Tab value="plans" label={t('settings.tabs.plans')} data-testid="settings-tab-plans" />}
        {withHelps && <Tab value="helps" label={t('settings.tabs.helps')} data-testid="settings-tab-helps" />}
        {withWhitelabel && <Tab value="whitelabel" label={t('settings.tabs.whitelabel')} data-testid="settings-tab-whitelabel" />}
      </Tabs>
      {tab === 'options' && (
        <Stack spacing={2}>
          {withWhitelabel && <PlatformSettingsPanel />}
          <OptionsTab />
        </Stack>
      )}
      {tab === 'copilot' && withCopilot && (
        <Suspense fallback={null}>
          <CopilotSettingsTab />
        </Suspense>
      )}
      {tab === 'schedules' && withSchedules && <CompanySchedulesTab />}
      {tab === 'companies' && superTabs && <CompaniesPage />}
      {tab === 'plans' && superTabs && <PlansTab />}
      {tab === 'helps' && withHelps && <HelpsTab />}
      {tab === 'whitelabel' && withWhitelabel && <WhitelabelTab />}
    </Stack>
  );
};
