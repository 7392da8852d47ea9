import { createTheme, type Theme } from '@mui/material/styles';

export function makeTheme(dark: boolean): Theme {
  return createTheme({
    palette: {
      mode: dark ? 'dark' : 'light',
      primary: { main: dark ? '#b39dff' : '#6a4fd6' },
      secondary: { main: dark ? '#ff8fb8' : '#d63f7a' },
      info: { main: dark ? '#6cc7ff' : '#1678c2' },
      background: dark ? { default: '#121018', paper: '#1c1925' } : { default: '#f6f4fa', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans CJK JP", "Noto Sans CJK SC", "Hiragino Sans", sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0, color: 'default' } },
      MuiCard: { defaultProps: { elevation: 0 } },
      MuiChip: { defaultProps: { size: 'small' } },
    },
  });
}
