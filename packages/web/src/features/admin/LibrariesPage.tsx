import { useSearchParams } from 'react-router';
import { RecentScans } from './libraries/RecentScans.tsx';
import { RootsPanel } from './libraries/RootsPanel.tsx';
import { ScanPanel } from './libraries/ScanPanel.tsx';
import { ScanReport } from './libraries/ScanReport.tsx';
import { useRunningScan } from './libraries/useRunningScan.ts';

/** The console's "Libraries" section: roots, scans with live progress, and the scans' reports. */
export function LibrariesPage() {
  const [params] = useSearchParams();
  const running = useRunningScan();
  const report = Number(params.get('report'));
  if (Number.isInteger(report) && report > 0) return <ScanReport id={report} />;
  return (
    <>
      <RootsPanel />
      <ScanPanel running={running} />
      <RecentScans />
    </>
  );
}
