import { describe, expect, it } from "vitest";
import { officeText } from "../../i18n/en";
import { firstAnswerMs, formatDuration } from "./duration";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const words = officeText.duration;

describe("the time to first answer, as people read it", () => {
  it.each([
    [0, "under a minute"],
    [59_999, "under a minute"],
    [minute, "1 min"],
    [59 * minute + 59_999, "59 min"],
    [hour, "1 h"],
    [2 * hour + 15 * minute + 30_000, "2 h 15 min"],
    [23 * hour + 59 * minute, "23 h 59 min"],
    [day, "1 d"],
    [3 * day + 4 * hour + 59 * minute, "3 d 4 h"],
  ])("%i ms reads %s (rounded down, never up)", (ms, expected) => {
    expect(formatDuration(ms, words)).toBe(expected);
  });

  it("a lead's time is from its arrival to its first answer, none while unanswered", () => {
    expect(
      firstAnswerMs({
        createdAt: "2026-11-20T08:00:00.000Z",
        firstAnsweredAt: "2026-11-20T10:30:00.000Z",
      }),
    ).toBe(2.5 * hour);
    expect(
      firstAnswerMs({ createdAt: "2026-11-20T08:00:00.000Z", firstAnsweredAt: null }),
    ).toBeNull();
  });
});
