import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../shared/settings/store.ts';
import { checkHealth, type Health } from './health.ts';
import { safeMaintenanceHtml } from './maintenanceHtml.ts';

/**
 * Renders the app only once the server answered its health check. Unreachable: the bilingual
 * network-error screen, re-checking every second. Maintenance: the server's html and 'force enter'.
 */
export function HealthGate({ children }: { children: ReactNode }) {
  const [health, setHealth] = useState<Health | null>(null);
  const [forced, setForced] = useState(false);
  const base = useSettings((s) => s.apiBaseUrl);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new endpoint restarts the checks
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      const h = await checkHealth();
      if (!alive) return;
      setHealth(h);
      if (h.state === 'down') timer = setTimeout(run, 1000);
    };
    void run();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [base]);

  if (health === null) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label="loading" />
      </Box>
    );
  }
  if (health.state === 'down') return <NetworkError />;
  if (health.state === 'maintenance' && !forced)
    return <Maintenance html={health.html} onEnter={() => setForced(true)} />;
  return <>{children}</>;
}

function NetworkError() {
  const endpoints = useSettings((s) => s.apiEndpoints);
  const base = useSettings((s) => s.apiBaseUrl);
  const set = useSettings((s) => s.set);
  const { t } = useTranslation();
  const options = endpoints.includes(base) ? endpoints : [base, ...endpoints];
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }} data-testid="network-error">
      <Paper sx={{ p: 4, maxWidth: 440, width: '100%', textAlign: 'center' }}>
        <Typography variant="h5" gutterBottom>
          无法连接服务器 / Cannot connect to server
        </Typography>
        <Typography color="error" gutterBottom>
          Network Error
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          请检查网络设置 / Please check your network settings
        </Typography>
        <TextField
          select
          fullWidth
          label="API"
          value={base}
          onChange={(e) => set({ apiBaseUrl: e.target.value })}
          sx={{ mb: 2 }}
        >
          {options.map((u) => (
            <MenuItem key={u} value={u}>
              {u === '' ? `${t('settings.thisServer')} (${window.location.origin})` : u}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={() => window.location.reload()}>
          重新加载 / Reload
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          <CircularProgress size={12} sx={{ mr: 1 }} />
          重试中 / Retrying every second
        </Typography>
      </Paper>
    </Box>
  );
}

function Maintenance({ html, onEnter }: { html: string; onEnter: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }} data-testid="maintenance">
      <Paper sx={{ p: 4, maxWidth: 640, width: '100%' }}>
        <Typography variant="h5" gutterBottom>
          {t('app.maintenance.title')}
        </Typography>
        <Box
          sx={{ mb: 3 }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the operator's message, sanitised (maintenanceHtml.ts)
          dangerouslySetInnerHTML={{ __html: safeMaintenanceHtml(html) }}
        />
        <Button variant="outlined" onClick={onEnter}>
          {t('app.maintenance.forceEnter')}
        </Button>
      </Paper>
    </Box>
  );
}
