/** Downloads with progress: started by the work page, shown by the layout's downloads dialog. */
export { cancelDownload, type Download, startDownload, useDownloads } from './store.ts';
