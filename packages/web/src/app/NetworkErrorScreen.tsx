import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../shared/i18n/index.ts';
import { endpointChoices, endpointKey, endpointLabel } from '../shared/settings/endpoints.ts';
import { useSettings } from '../shared/settings/store.ts';

/** The bilingual network-error screen with the API base URL choice (docs/product.md §8, health). */
export function NetworkErrorScreen() {
  const endpoints = useSettings((s) => s.apiEndpoints);
  const base = useSettings((s) => s.apiBaseUrl);
  const set = useSettings((s) => s.set);
  const { t } = useTranslation();
  const origin = window.location.origin;
  const options = endpointChoices(endpoints, base, origin);
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
          value={endpointKey(base, origin)}
          onChange={(e) => set({ apiBaseUrl: e.target.value })}
          sx={{ mb: 2 }}
        >
          {options.map((u) => (
            <MenuItem key={u} value={u}>
              {endpointLabel(u, origin, t('settings.thisServer'))}
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
