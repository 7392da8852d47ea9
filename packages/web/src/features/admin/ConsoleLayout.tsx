import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import type { ConsoleSection } from './console.ts';
import { RequireAdmin } from './RequireAdmin.tsx';

function currentSection(sections: readonly ConsoleSection[], pathname: string) {
  return sections.find((s) => pathname === `/admin/${s.path}` || pathname.startsWith(`/admin/${s.path}/`));
}

/** Side list on a wide screen, a row of scrolling tabs on a phone. */
function SectionNav({
  sections,
  current,
}: {
  sections: readonly ConsoleSection[];
  current?: ConsoleSection;
}) {
  const { t } = useTranslation();
  const wide = useMediaQuery((th) => th.breakpoints.up('md'), { noSsr: true });
  const tabsRef = useRef<HTMLDivElement>(null);
  const selected = current?.path;
  // The open section's tab is centred in the strip on a phone, again once fonts and icons have
  // settled the tabs' widths (the strip's own scrolling can run before that and leave it hidden).
  useEffect(() => {
    if (wide || !selected) return;
    const centre = () => {
      const tab = tabsRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
      const strip = tab?.closest<HTMLElement>('.MuiTabs-scroller');
      if (!tab || !strip) return;
      strip.scrollLeft = tab.offsetLeft - (strip.clientWidth - tab.offsetWidth) / 2;
    };
    const frame = requestAnimationFrame(centre);
    const later = setTimeout(centre, 400);
    void document.fonts?.ready.then(centre);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(later);
    };
  }, [wide, selected]);
  if (!wide) {
    return (
      <>
        <Typography variant="overline" color="text.secondary" sx={{ display: 'block' }}>
          {t('admin.console.title')}
        </Typography>
        <Tabs
          ref={tabsRef}
          component="nav"
          aria-label={t('admin.console.sections')}
          value={current?.path ?? false}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
          data-testid="console-nav"
        >
          {sections.map(({ path, title, Icon }) => (
            <Tab
              key={path}
              value={path}
              component={NavLink}
              to={`/admin/${path}`}
              icon={<Icon fontSize="small" />}
              iconPosition="start"
              label={t(title)}
              sx={{ minHeight: 48 }}
            />
          ))}
        </Tabs>
      </>
    );
  }
  return (
    <Paper
      component="nav"
      variant="outlined"
      aria-label={t('admin.console.sections')}
      sx={{ width: 220, flexShrink: 0, alignSelf: 'flex-start', position: 'sticky', top: 80 }}
      data-testid="console-nav"
    >
      <Typography variant="overline" color="text.secondary" sx={{ display: 'block', px: 2, pt: 1 }}>
        {t('admin.console.title')}
      </Typography>
      <List dense>
        {sections.map(({ path, title, Icon }) => (
          <ListItemButton
            key={path}
            component={NavLink}
            to={`/admin/${path}`}
            selected={current?.path === path}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t(title)} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}

/** The administrator's console: section nav beside (or above) the open section. */
export function ConsoleLayout({ sections }: { sections: readonly ConsoleSection[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = currentSection(sections, pathname);
  return (
    <Container maxWidth="lg" sx={{ py: 2 }}>
      <RequireAdmin>
        <Box sx={{ display: { md: 'flex' }, gap: 3 }}>
          <SectionNav sections={sections} current={current} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
              {current ? t(current.title) : t('admin.console.title')}
            </Typography>
            <Suspense fallback={<LinearProgress />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </RequireAdmin>
    </Container>
  );
}
