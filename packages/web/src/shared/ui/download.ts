// Media links carry no token: the browser sends the media cookie the sign-in set (its path is
// /api/media), so a 30-day token never appears in a URL, a history entry or a log. Downloads go
// through the downloads dialog (features/downloads).

export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener');
}
