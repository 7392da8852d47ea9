/**
 * The sections of the administrator's console at `/admin`, in nav order: adding a section is one
 * entry here (its screen is its own chunk). The first one is where `/admin` opens.
 */

import GavelIcon from '@mui/icons-material/GavelOutlined';
import LibraryIcon from '@mui/icons-material/LibraryMusicOutlined';
import HealthIcon from '@mui/icons-material/MonitorHeartOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import InviteIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import AuditIcon from '@mui/icons-material/ReceiptLongOutlined';
import ReportIcon from '@mui/icons-material/ReportOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import SubtitlesIcon from '@mui/icons-material/SubtitlesOutlined';
import type { ConsoleSection } from '../features/admin/index.ts';
import { lazyScreen } from './lazyScreen.tsx';

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  {
    path: 'libraries',
    title: 'admin.libraries.title',
    Icon: LibraryIcon,
    Screen: lazyScreen(async () => (await import('../features/admin/LibrariesPage.tsx')).LibrariesPage),
  },
  {
    path: 'feedback',
    title: 'admin.feedback.title',
    Icon: ReportIcon,
    Screen: lazyScreen(
      async () => (await import('../features/admin/FeedbackAdminPage.tsx')).FeedbackAdminPage,
    ),
  },
  {
    path: 'accounts',
    title: 'admin.accounts.title',
    Icon: PeopleIcon,
    Screen: lazyScreen(
      async () => (await import('../features/admin/accounts/AccountsSection.tsx')).AccountsSection,
    ),
  },
  {
    path: 'invitations',
    title: 'admin.invitations.title',
    Icon: InviteIcon,
    Screen: lazyScreen(
      async () => (await import('../features/admin/invitations/InvitationsSection.tsx')).InvitationsSection,
    ),
  },
  {
    path: 'settings',
    title: 'admin.settings.title',
    Icon: SettingsIcon,
    Screen: lazyScreen(
      async () => (await import('../features/admin/settings/SettingsSection.tsx')).SettingsSection,
    ),
  },
  {
    path: 'moderation',
    title: 'admin.moderation.title',
    Icon: GavelIcon,
    Screen: lazyScreen(
      async () => (await import('../features/admin/moderation/ModerationSection.tsx')).ModerationSection,
    ),
  },
  {
    path: 'subtitles',
    title: 'admin.subtitles.title',
    Icon: SubtitlesIcon,
    Screen: lazyScreen(
      async () => (await import('../features/admin/subtitles/SubtitleQueueSection.tsx')).SubtitleQueueSection,
    ),
  },
  {
    path: 'health',
    title: 'admin.health.title',
    Icon: HealthIcon,
    Screen: lazyScreen(
      async () => (await import('../features/admin/health/HealthSection.tsx')).HealthSection,
    ),
  },
  {
    path: 'audit',
    title: 'admin.audit.title',
    Icon: AuditIcon,
    Screen: lazyScreen(async () => (await import('../features/admin/audit/AuditSection.tsx')).AuditSection),
  },
];
