// The shop's day (spec: a report day is the shop's day, the domain's REPORT_TIME_ZONE setting,
// never the browser's): the reports' default periods end on it and the pickers allow it, so a
// seller whose browser is behind the shop's zone still sees and may choose the shop's today.
// dayjs's utc + timezone plugins compute the zone's calendar day.
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_REPORT_TIME_ZONE, REPORT_TIME_ZONE_CONFIG } from '@openseller/core';
import { useSession } from '../../app/session';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The calendar day it is now in `timeZone`, as a local Dayjs at its start. */
export function todayIn(timeZone: string, now = new Date()): Dayjs {
  let day: string;
  try {
    day = dayjs(now).tz(timeZone).format('YYYY-MM-DD');
  } catch {
    day = dayjs(now).tz(DEFAULT_REPORT_TIME_ZONE).format('YYYY-MM-DD');
  }
  return dayjs(day).startOf('day');
}

/** The shop's today, from the domain's report time zone in the session. */
export function useShopToday(): Dayjs {
  const { domainConfig } = useSession();
  const zone = domainConfig.find((c) => c.itemCode === REPORT_TIME_ZONE_CONFIG)?.value || DEFAULT_REPORT_TIME_ZONE;
  return todayIn(String(zone));
}
