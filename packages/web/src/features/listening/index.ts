/** The listening history: the /history screen, the home page's "Continue listening" row, the recording switch. */
export { ContinueRow } from './ContinueRow.tsx';
export { RecordHistorySwitch } from './RecordHistorySwitch.tsx';
