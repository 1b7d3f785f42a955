// Checking and weighing before shipping (spec 02 §7.10): the order page renders CheckPanel above
// the table of tab 3 and WeighPanel above the table of tab 8.
export { CheckPanel } from './check-panel';
export { WeighPanel } from './weigh-panel';
