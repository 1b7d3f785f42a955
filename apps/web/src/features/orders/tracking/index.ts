// Courier tracking (tab 7 of /order; spec 02 §4.1). The order page shows TrackingPanel above the
// table of tab 7.
export { TrackingPanel } from './tracking-panel';
