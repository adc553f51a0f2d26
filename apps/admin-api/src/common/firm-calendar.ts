/**
 * The firm's calendar: its office is in Nairobi, so the office's weeks and working days are Nairobi's
 * (time zone Africa/Nairobi, East Africa Time). A week starts on Monday at midnight there. A working day
 * is Monday to Friday; public holidays are not known to the API and count as working days.
 */
export const firmTimeZone = "Africa/Nairobi";

const dayMs = 24 * 60 * 60 * 1000;

const parts = new Intl.DateTimeFormat("en-CA", {
  timeZone: firmTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** A calendar day, YYYY-MM-DD, as the office's filters write them. */
export type Day = string;

/** The Nairobi calendar day of a moment. */
export function firmDay(at: Date): Day {
  const get = (type: string) => parts.formatToParts(at).find((part) => part.type === type)?.value;
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** The moment a Nairobi day begins (its midnight there), from the zone's offset on that day. */
export function startOfFirmDay(day: Day): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const seen = parts.formatToParts(new Date(utcMidnight));
  const get = (type: string) => Number(seen.find((part) => part.type === type)?.value ?? 0);
  // What Nairobi's clock reads at UTC midnight is its offset (it is ahead of UTC).
  const offsetMs = ((get("hour") * 60 + get("minute")) * 60 + get("second")) * 1000;
  return new Date(utcMidnight - offsetMs);
}

export function addDays(day: Day, days: number): Day {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
const weekdayOf = (day: Day) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

export const isWorkingDay = (day: Day): boolean => weekdayOf(day) < 5;

/** The Monday of the week a day is in. */
export const weekOf = (day: Day): Day => addDays(day, -weekdayOf(day));

/** The working day `count` working days before `day` (Friday is one working day before Monday). */
export function workingDaysBefore(day: Day, count: number): Day {
  let found = day;
  for (let left = count; left > 0;) {
    found = addDays(found, -1);
    if (isWorkingDay(found)) left -= 1;
  }
  return found;
}

/** The last `count` weeks up to the one `now` is in, oldest first: each its Monday and its moments. */
export function lastWeeks(now: Date, count: number): { week: Day; start: Date; end: Date }[] {
  const thisWeek = weekOf(firmDay(now));
  return Array.from({ length: count }, (_, index) => {
    const week = addDays(thisWeek, -7 * (count - 1 - index));
    return { week, start: startOfFirmDay(week), end: startOfFirmDay(addDays(week, 7)) };
  });
}
