import type { OfficeText } from "../i18n/en";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * A time to first answer for people: under a minute; whole minutes under an hour; hours and minutes
 * under a day; days and hours beyond (each rounded down, so "1 h" is never shown for 59 minutes).
 * The inbox and the first screen show it.
 */
export function formatDuration(ms: number, words: OfficeText["duration"]): string {
  if (!Number.isFinite(ms) || ms < minute) return words.lessThanMinute;
  if (ms < hour) return words.minutes(Math.floor(ms / minute));
  if (ms < day) return words.hoursMinutes(Math.floor(ms / hour), Math.floor((ms % hour) / minute));
  return words.daysHours(Math.floor(ms / day), Math.floor((ms % day) / hour));
}
