// Sending orders and the shipping feedback (spec 02 §7.10, spec 01 §4.6). The order page places
// ShipActions in its command bar and FeedbackFailuresPanel in tab 5 type=feedback.
export { ShipActions, type ShipActionsProps } from './ship-actions';
export { FeedbackFailuresPanel } from './feedback-failures-panel';
export { FeedbackProgressNotice } from './feedback-progress-notice';
export { useFeedbackFailureCount } from './queries';
