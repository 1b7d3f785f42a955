// Labels of the operation log's vocabulary (areas, kinds of record, actions) in the user's
// language, used by the log centre and by every record's history (the order detail). Each word
// the server writes has a label in every language pack (log-labels.test.ts).
import type { TFunction } from 'i18next';
import { operationLogActionKey } from '@openseller/core';

/** An entry from before a word was catalogued still shows, as written. */
export const logAreaLabel = (t: TFunction, area: string) => t(`logs:areas.${area}`, { defaultValue: area });
export const logEntityLabel = (t: TFunction, kind: string) => t(`logs:entities.${kind}`, { defaultValue: kind });
export const logActionLabel = (t: TFunction, action: string) => t(`logs:actions.${operationLogActionKey(action)}`, { defaultValue: action });
