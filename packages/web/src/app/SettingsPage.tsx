import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, Suspense } from 'react';
import { AccountSection, isLoggedIn, openLoginDialog, useAuth } from '../features/account/index.ts';
import { RecordHistorySwitch } from '../features/listening/index.ts';
import { KeptWorksSection } from '../features/offline/index.ts';
import { SubtitleSection } from '../features/subtitles/index.ts';
import { LOCALES, type Locale, setLanguage, useTranslation } from '../shared/i18n/index.ts';
import { useLibrarySubtitledWorks } from '../shared/library/workIds.ts';
import { endpointChoices, endpointLabel } from '../shared/settings/endpoints.ts';
import {
  DARK_MODES,
  INITIAL_PATH_BEHAVIORS,
  PLAYER_STYLES,
  QUALITY_BEHAVIORS,
  type Settings,
  SIDEBAR_EXPAND_MODES,
  SUBTITLE_DISPLAY_MODES,
} from '../shared/settings/schema.ts';
import { useSettings } from '../shared/settings/store.ts';
import { playlistDisplayName } from '../shared/ui/playlistName.ts';
import { LANGUAGE_NAMES } from './LanguageMenu.tsx';

type BoolKey = { [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings];

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      id={id}
      elevation={0}
      sx={{ p: 2.5, mb: 2, border: 1, borderColor: 'divider' }}
      aria-label={title}
    >
      <Typography variant="h6" component="h2" gutterBottom sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

/** Every setting of docs/product.md §3 in the sections of §2.8; each change is stored at once. */
export function SettingsPage() {
  const { t, i18n } = useTranslation();
  const s = useSettings();
  const loggedIn = useAuth(isLoggedIn);
  const user = useAuth((x) => x.user);

  const toggle = (key: BoolKey) => (
    <FormControlLabel
      control={<Switch checked={s[key]} onChange={(e) => s.set({ [key]: e.target.checked })} />}
      label={t(`settings.${key}`)}
    />
  );
  const select = <K extends keyof Settings>(
    key: K,
    values: readonly string[],
    label: (v: string) => string,
  ) => (
    <TextField
      select
      label={t(`settings.${key}`)}
      value={s[key] as string}
      onChange={(e) => s.set({ [key]: e.target.value } as Partial<Settings>)}
      // Long choices wrap rather than end in an ellipsis on narrow screens.
      sx={{ maxWidth: 420, '& .MuiInputBase-root .MuiSelect-select': { whiteSpace: 'normal' } }}
    >
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {label(v)}
        </MenuItem>
      ))}
    </TextField>
  );
  const seconds = (key: 'rewindSeekTime' | 'forwardSeekTime') => (
    <TextField
      type="number"
      label={t(`settings.${key}`)}
      value={s[key]}
      onChange={(e) => {
        const n = Number(e.target.value);
        if (Number.isFinite(n) && n > 0 && n <= 600) s.set({ [key]: n });
      }}
      sx={{ flex: 1, maxWidth: 200 }}
      slotProps={{
        htmlInput: { min: 1, max: 600 },
        input: { endAdornment: <InputAdornment position="end">{t('settings.secondsUnit')}</InputAdornment> },
      }}
    />
  );

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        {t('settings.title')}
      </Typography>
      <Section title={t('settings.sections.general')}>
        {toggle('showPopularAtHome')}
        {toggle('showRecommendAtHome')}
        {toggle('showSimilarWorksAtWorkDetail')}
        {select('sidebarExpandMode', SIDEBAR_EXPAND_MODES, (v) =>
          t(v === 'push' ? 'settings.sidebarPush' : 'settings.sidebarOverlay'),
        )}
        {select('darkMode', DARK_MODES, (v) => t(`app.darkMode.${v}`))}
        {select('initialPathBehavior', INITIAL_PATH_BEHAVIORS, (v) => t(`settings.initialPath.${v}`))}
      </Section>
      <Section title={t('settings.sections.player')}>
        {select('qualityBehavior', QUALITY_BEHAVIORS, (v) => t(`settings.quality.${v}`))}
        {select('playerStyle', PLAYER_STYLES, (v) => t(`settings.playerStyles.${v}`))}
        <Stack direction="row" spacing={2}>
          {seconds('rewindSeekTime')}
          {seconds('forwardSeekTime')}
        </Stack>
        {toggle('keepScreenOn')}
        {toggle('enableAntiScreenBurnin')}
      </Section>
      <Section title={t('offline.settingsTitle')} id="offline">
        <KeptWorksSection />
      </Section>
      <Section title={t('settings.sections.search')}>
        <TextField
          label={t('settings.globalFilter')}
          helperText={t('settings.globalFilterHelp')}
          value={s.globalFilter}
          onChange={(e) => s.set({ globalFilter: e.target.value })}
        />
        {toggle('showCensoredTag')}
      </Section>
      <Section title={t('settings.sections.subtitle')}>
        {toggle('enableSubtitle')}
        {select('subtitleDisplayMode', SUBTITLE_DISPLAY_MODES, (v) => t(`settings.subtitleModes.${v}`))}
        <LocalSubtitledCount />
        <Suspense fallback={null}>
          <SubtitleSection />
        </Suspense>
      </Section>
      <Section title={t('settings.sections.server')}>
        {select('apiBaseUrl', endpointChoices(s.apiEndpoints, s.apiBaseUrl, window.location.origin), (v) =>
          endpointLabel(v, window.location.origin, t('settings.thisServer')),
        )}
        <TextField
          multiline
          minRows={2}
          label={t('settings.apiEndpoints')}
          helperText={t('settings.apiEndpointsHelp')}
          defaultValue={s.apiEndpoints.filter((e) => e !== '').join('\n')}
          onBlur={(e) => {
            const urls = e.target.value
              .split('\n')
              .map((u) => u.trim())
              .filter((u) => /^https?:\/\/\S+$/.test(u));
            s.set({ apiEndpoints: ['', ...new Set(urls)] });
          }}
        />
      </Section>
      <Section title={t('settings.sections.user')}>
        <Typography>
          {loggedIn && user
            ? t('settings.loggedInAs', { name: user.name, group: user.group })
            : t('settings.notLoggedIn')}
        </Typography>
        {s.quickMarkTargetPlaylist && (
          <Typography color="text.secondary">
            {t('settings.quickMarkTarget', { name: playlistDisplayName(s.quickMarkTargetPlaylist.name, t) })}
          </Typography>
        )}
        <AccountSection />
        <RecordHistorySwitch />
        {toggle('tagVoteRules')}
        {!loggedIn && (
          <Button variant="contained" onClick={() => openLoginDialog()} sx={{ alignSelf: 'flex-start' }}>
            {t('auth.login')}
          </Button>
        )}
      </Section>
      <Section title={t('settings.sections.recommendation')}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            label={t('settings.recommenderUuid')}
            value={s.recommenderUuid}
            slotProps={{ htmlInput: { readOnly: true } }}
            fullWidth
            // On a phone the id wraps at its dashes instead of running out of the field.
            multiline
          />
          <Button
            onClick={() => s.set({ recommenderUuid: crypto.randomUUID() })}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {t('settings.renewRecommenderUuid')}
          </Button>
        </Stack>
      </Section>
      <Section title={t('settings.sections.language')}>
        <TextField
          select
          label={t('app.language')}
          value={i18n.language}
          onChange={(e) => setLanguage(e.target.value as Locale)}
          sx={{ maxWidth: 260 }}
        >
          {LOCALES.map((l) => (
            <MenuItem key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </MenuItem>
          ))}
        </TextField>
      </Section>
    </Container>
  );
}

/** How many works of the library have local subtitles (an archive may name many more). */
function LocalSubtitledCount() {
  const { t } = useTranslation();
  const matched = useLibrarySubtitledWorks();
  return (
    <Typography color="text.secondary" data-testid="local-subtitled-count">
      {matched === null ? '…' : t('settings.localSubtitledWorks', { count: matched.length })}
    </Typography>
  );
}
